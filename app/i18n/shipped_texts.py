#!/usr/bin/python3
"""shipped_texts.py OUTPUT.pot FILE.json...

The words the shipped scenes and cue lists show (their titles and
descriptions, each cue's caption, each backend's), as a template xgettext
merges with the code's: the shipped lecture is translated through the same
catalogue as the program, and a caption a lecturer writes is shown as
written.
"""
import json
import os
import sys


def texts_of(document):
    for key in ("title", "description"):
        if isinstance(document.get(key), str):
            yield document[key]
    for cue in document.get("cues", []):
        caption = cue.get("caption")
        if isinstance(caption, str):
            yield caption
        elif isinstance(caption, dict):
            yield from (text for text in caption.values() if isinstance(text, str))


def quoted(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def main(output, inputs):
    texts = set()
    for name in inputs:
        with open(name, encoding="utf-8") as file:
            texts.update(text for text in texts_of(json.load(file)) if text)
    lines = ['msgid ""', 'msgstr "Content-Type: text/plain; charset=UTF-8\\n"', ""]
    for text in sorted(texts):
        lines += ["msgid " + quoted(text), 'msgstr ""', ""]
    with open(output + ".tmp", "w", encoding="utf-8") as file:
        file.write("\n".join(lines))
    os.replace(output + ".tmp", output)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
