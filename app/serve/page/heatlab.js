// The page of `heatlab serve`: shows the lecture's frames (JPEG, or H.264
// decoded by WebCodecs where the page is a secure context and the server
// offers it; each with a 32-byte header: app/serve/wire.h) on a canvas the
// size of the browser's window, and, on the controller's page, sends its
// input back. Nothing is fetched from anywhere else.
'use strict';

(function () {
  const screen = document.getElementById('screen');
  const state = document.getElementById('state');
  const message = document.getElementById('message');
  const typing = document.getElementById('typing');
  const picker = document.getElementById('picker');
  const context = screen.getContext('2d');
  const token = new URLSearchParams(location.search).get('token') || '';
  // Read, the token leaves the address bar (and so the history, a shared
  // screen, a screenshot): the socket has it. Reloaded, the page needs the
  // link again.
  history.replaceState(null, '', location.pathname);
  const MOST_SIDE = 4096;  // app/serve/wire.h's kMostServedSide

  // The page's words in the lecture's language: the server puts their
  // translations (English -> words shown) into the page from the
  // program's catalogue (app/serve/page_words.cpp lists them; each string
  // passed to tr() here must be there). Each %s takes the next value.
  const WORDS = JSON.parse(document.getElementById('words').textContent || '{}');
  function tr(english, ...values) {
    let next = 0;
    return (WORDS[english] || english).replace(/%s/g, () => String(values[next++]));
  }

  // The keys the lecture takes, by the names it reads them by: their
  // KeyboardEvent.code, sent as it comes. The server puts its list into
  // the page (app/serve/key_names.cpp); any other key stays the browser's.
  const KEYS = new Set(JSON.parse(document.getElementById('keys').textContent || '[]'));

  let socket = null;
  let role = 'none';
  let inputSequence = 0;
  const sentAt = new Map();  // input sequence number -> when it was sent
  const latencies = [];
  const drawnTimes = [];
  let status = { controller: false, viewers: 0, fps: 0 };
  let pending = null;  // the newest frame not yet drawn
  let drawing = false;
  let lastFrame = null;
  let codec = 'jpeg';  // what the frames arrive as: 'jpeg' or 'h264'
  let video = null;    // the H.264 decoder, once the server offered H.264
  let videoConfig = null;  // its configuration, from the last keyframe

  function show(text) {
    message.textContent = text;
    message.style.display = 'flex';
  }

  function send(object) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(object));
  }

  function sendInput(object) {
    if (role !== 'controller') return;
    object.i = ++inputSequence;
    sentAt.set(object.i, performance.now());
    if (sentAt.size > 512) sentAt.delete(sentAt.keys().next().value);
    send(object);
  }

  function median(values) {
    if (values.length === 0) return 0;
    const sorted = values.slice().sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  }

  // A line of the page's own on the state line for 6 seconds, whether or
  // not anything moved before it (a file dragged in from the desktop moves
  // no pointer over the page).
  let said = null;
  function say(text) {
    said = { text: text, until: performance.now() + 6000 };
    showState();
  }

  // The state line fades while nothing moved for 5 s and the page says
  // nothing of its own, so a projected page shows the lecture alone; the
  // pointer or a key brings it back.
  let lastActivity = performance.now();

  function showState() {
    const now = performance.now();
    while (drawnTimes.length && now - drawnTimes[0] > 2000) drawnTimes.shift();
    const fps = drawnTimes.length / 2;
    let text = role === 'controller' ? tr('you control')
      : role !== 'viewer' ? tr(role)
        : status.controller ? tr('watching (the lecturer is here)') : tr('watching (no lecturer yet)');
    text += ' \u00b7 ' + tr('%s frames/s (%s)', fps.toFixed(0), codec === 'h264' ? 'H.264' : 'JPEG');
    if (role === 'controller' && latencies.length) {
      text += ' \u00b7 ' + tr('input to frame %s ms', median(latencies).toFixed(0));
    }
    text += ' \u00b7 ' + (status.viewers === 1 ? tr('1 viewer') : tr('%s viewers', status.viewers));
    const saying = said && now < said.until;
    if (saying) text = said.text + ' \u00b7 ' + text;
    state.textContent = text;
    state.classList.toggle('quiet', !saying && now - lastActivity > 5000);
    // What the tests read: the newest frame drawn and the page's own rates.
    window.heatlabState = { role: role, frames: drawnTimes.length, fps: fps,
      latency: median(latencies), frame: lastFrame, status: status, codec: codec,
      kernels: kernelsAllowed, kernel: kernelReported };
  }

  function readHeader(view) {
    return { kind: view.getUint8(0), quality: view.getUint8(1), key: (view.getUint8(6) & 1) === 1,
      width: view.getUint16(2, true),
      height: view.getUint16(4, true), sequence: view.getUint32(8, true),
      lastInput: view.getUint32(12, true), step: view.getFloat64(16, true),
      cue: view.getInt32(24, true), cues: view.getInt32(28, true) };
  }

  // A frame is on the canvas: the rates, the input it reflects, and the
  // acknowledgement that lets the server send the next.
  function drawn(header) {
    const now = performance.now();
    drawnTimes.push(now);
    for (const [sequence, at] of sentAt) {
      if (sequence > header.lastInput) break;
      latencies.push(now - at);
      if (latencies.length > 50) latencies.shift();
      sentAt.delete(sequence);
    }
    lastFrame = header;
    send({ t: 'ack', f: header.sequence });
  }

  // H.264 through WebCodecs: every frame decoded in order from a keyframe
  // (the server sends them so), each drawn as it comes out. The codec
  // string is the stream's own profile and level, read from its sequence
  // parameter set. Any failure goes back to JPEG for good, saying so.
  const headers = new Map();  // sequence -> header, until its picture is out
  function makeDecoder() {
    return new VideoDecoder({
      output: (picture) => {
        const header = headers.get(picture.timestamp);
        headers.delete(picture.timestamp);
        if (header) {
          if (screen.width !== header.width || screen.height !== header.height) {
            screen.width = header.width;
            screen.height = header.height;
          }
          context.drawImage(picture, 0, 0, header.width, header.height,
            0, 0, header.width, header.height);
          drawn(header);
        }
        picture.close();
      },
      error: (e) => useJpeg(tr('the H.264 decoder failed (%s)', e.message)),
    });
  }
  function useJpeg(why) {
    if (codec !== 'h264') return;
    codec = 'jpeg';
    if (video && video.state !== 'closed') video.close();
    video = null;
    videoConfig = null;
    headers.clear();
    send({ t: 'codecs', h264: false });
    say(tr('JPEG frames: %s', why));
  }
  function codecOf(unit) {
    // The first NAL unit of type 7 (the SPS): profile, constraints, level.
    for (let i = 0; i + 7 < unit.length; ++i) {
      if (unit[i] === 0 && unit[i + 1] === 0 && unit[i + 2] === 1 && (unit[i + 3] & 31) === 7) {
        const hex = (b) => b.toString(16).padStart(2, '0');
        return 'avc1.' + hex(unit[i + 4]) + hex(unit[i + 5]) + hex(unit[i + 6]);
      }
    }
    return null;
  }
  function decodeVideo(header, unit) {
    if (!video) return;
    try {
      if (header.key) {
        const config = { codec: codecOf(unit), optimizeForLatency: true,
          codedWidth: header.width + (header.width & 1), codedHeight: header.height + (header.height & 1) };
        if (!config.codec) throw new Error(tr('a keyframe without its parameter sets'));
        if (!videoConfig || videoConfig.codec !== config.codec
            || videoConfig.codedWidth !== config.codedWidth
            || videoConfig.codedHeight !== config.codedHeight) {
          video.configure(config);
          videoConfig = config;
        }
      } else if (!videoConfig) {
        send({ t: 'ack', f: header.sequence });  // waits for a keyframe
        return;
      }
      headers.set(header.sequence, header);
      video.decode(new EncodedVideoChunk({ type: header.key ? 'key' : 'delta',
        timestamp: header.sequence, data: unit }));
    } catch (e) {
      useJpeg(e.message);
    }
  }
  // Asked once the server offers H.264: a page that cannot decode it (no
  // secure context, no WebCodecs, no H.264 in this browser) stays on JPEG.
  function offerH264() {
    if (!window.isSecureContext || typeof VideoDecoder === 'undefined') return;
    VideoDecoder.isConfigSupported({ codec: 'avc1.42E01F', optimizeForLatency: true })
      .then((answer) => {
        if (!answer.supported || codec === 'h264') return;
        video = makeDecoder();
        codec = 'h264';
        send({ t: 'codecs', h264: true });
      }, () => {});
  }

  function drawNext() {
    if (drawing || !pending) return;
    const frame = pending;
    pending = null;
    drawing = true;
    createImageBitmap(new Blob([frame.jpeg], { type: 'image/jpeg' })).then((bitmap) => {
      if (screen.width !== bitmap.width || screen.height !== bitmap.height) {
        screen.width = bitmap.width;
        screen.height = bitmap.height;
      }
      context.drawImage(bitmap, 0, 0);
      bitmap.close();
      drawn(frame.header);
    }, () => {
      send({ t: 'ack', f: frame.header.sequence });
    }).finally(() => {
      drawing = false;
      drawNext();
    });
  }

  function save(name, bytes) {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([bytes]));
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
  }

  function onBinary(data) {
    const view = new DataView(data);
    const kind = view.getUint8(0);
    if (kind === 1 && data.byteLength >= 32) {
      pending = { header: readHeader(view), jpeg: new Uint8Array(data, 32) };
      drawNext();
    } else if (kind === 3 && data.byteLength >= 32) {
      decodeVideo(readHeader(view), new Uint8Array(data, 32));
    } else if (kind === 2 && data.byteLength >= 4) {
      const length = view.getUint16(2, true);
      const name = new TextDecoder().decode(new Uint8Array(data, 4, length));
      save(name.replace(/[\\/]/g, '_'), new Uint8Array(data, 4 + length));
    }
  }

  function onText(text) {
    let m;
    try { m = JSON.parse(text); } catch (e) { return; }
    if (m.t === 'hello') {
      role = m.role;
      kernelsAllowed = role === 'controller' && m.kernels ? m.kernels : 'none';
      kernelOpen.hidden = kernelsAllowed === 'none';
      if (kernelsAllowed === 'none') editor.hidden = true;
      if (role === 'controller') sendSize();
      focusTyping();
      if (m.h264 && codec !== 'h264') offerH264();
    } else if (m.t === 'status') {
      status = m;
    } else if (m.t === 'choose') {
      chooseFile();
    } else if (m.t === 'kernel') {
      showKernelReport(m);
    } else if (m.t === 'refused') {
      show('heatlab: ' + m.why);
    }
    showState();
  }

  function sendSize() {
    const ratio = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(screen.clientWidth));
    const h = Math.max(1, Math.round(screen.clientHeight));
    // A very large window is drawn at a lower ratio, not refused.
    const s = Math.min(ratio, MOST_SIDE / w, MOST_SIDE / h);
    sendInput({ t: 'resize', w: w, h: h, s: s });
  }

  function connect() {
    const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
    socket = new WebSocket(scheme + location.host + '/ws?token=' + encodeURIComponent(token));
    socket.binaryType = 'arraybuffer';
    socket.onmessage = (e) => (typeof e.data === 'string' ? onText(e.data) : onBinary(e.data));
    socket.onclose = () => {
      if (message.style.display !== 'flex') {
        show(tr('heatlab: the lecture\u2019s server closed the connection (it stopped, or this '
          + 'link\u2019s token is not right). Open the link heatlab serve printed to try again.'));
      }
    };
  }

  function sendText(text) {
    for (const ch of text || '') sendInput({ t: 'text', c: ch.codePointAt(0) });
  }

  // The controller's page keeps its focus on a hidden text element
  // (#typing), so that an input method (Japanese, Chinese, Korean) can
  // compose there: a canvas takes no composition. Viewers' pages keep it on
  // the canvas (a phone would open its keyboard for a text element).
  function focusTyping() {
    if (role === 'controller') typing.focus();
    else screen.focus();
  }
  typing.addEventListener('blur', () => {
    setTimeout(() => {
      if (document.hasFocus() && role === 'controller' && !editor.contains(document.activeElement)) {
        typing.focus();
      }
    }, 0);
  });

  // Keys the browser would take for itself (reload, find, scrolling, full
  // screen) go to the lecture instead on the controller's page. While an
  // input method composes, keys are its own (keyCode 229: a key it took):
  // neither sent nor stopped.
  let composing = false;
  function onKey(e, action) {
    // Keys typed in the kernel editor are the editor's; Ctrl+Enter compiles.
    if (editor.contains(e.target)) {
      if (action === 'down' && e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        compileKernel();
        e.preventDefault();
      }
      return;
    }
    if (role !== 'controller' || composing || e.isComposing || e.keyCode === 229) return;
    if (KEYS.has(e.code)) {
      sendInput({ t: 'key', a: e.repeat && action === 'down' ? 'repeat' : action, k: e.code });
      e.preventDefault();
    }
    // A character typed without an input method goes from its key; its
    // default stopped, #typing sees no input for it, so it goes once.
    if (action === 'down' && !e.ctrlKey && !e.metaKey && !e.altKey && [...e.key].length === 1) {
      sendInput({ t: 'text', c: e.key.codePointAt(0) });
      e.preventDefault();
    }
  }
  window.addEventListener('keydown', (e) => onKey(e, 'down'));
  window.addEventListener('keyup', (e) => onKey(e, 'up'));

  // Text that comes without its keys: a composition committed (sent at its
  // compositionend, the one event every browser ends it with), or text
  // inserted outside one (an emoji picker, dictation). A composition's own
  // input events carry text not yet committed, and an insertText just
  // after a compositionend with the same text (WebKit's order) is that
  // composition again: neither is sent. #typing is emptied between.
  let committed = null;
  typing.addEventListener('compositionstart', () => {
    composing = true;
    typing.classList.add('composing');
  });
  typing.addEventListener('compositionend', (e) => {
    composing = false;
    typing.classList.remove('composing');
    sendText(e.data);
    committed = e.data;
    setTimeout(() => {
      committed = null;
      if (!composing) typing.value = '';
    }, 0);
  });
  typing.addEventListener('input', (e) => {
    if (composing || e.isComposing) return;
    if (e.inputType === 'insertText' && e.data !== committed) sendText(e.data);
    committed = null;
    typing.value = '';
  });
  window.addEventListener('focus', () => sendInput({ t: 'focus', f: true }));
  window.addEventListener('blur', () => sendInput({ t: 'focus', f: false }));

  // The browser's buttons (0 left, 1 middle, 2 right) as GLFW's (0, 1 right, 2 middle).
  const BUTTONS = [0, 2, 1];
  function pointerAt(e) {
    // The canvas's top left in CSS pixels: the window units the surface has.
    const r = screen.getBoundingClientRect();
    sendInput({ t: 'move', x: e.clientX - r.left, y: e.clientY - r.top });
  }
  screen.addEventListener('pointermove', (e) => {
    for (const c of (e.getCoalescedEvents ? e.getCoalescedEvents().slice(-1) : [e])) pointerAt(c);
  });
  screen.addEventListener('pointerdown', (e) => {
    // A composition's window opens where the pointer last went down: the
    // text field the lecturer clicked.
    typing.style.left = e.clientX + 'px';
    typing.style.top = e.clientY + 'px';
    focusTyping();
    screen.setPointerCapture(e.pointerId);
    pointerAt(e);
    if (e.button >= 0 && e.button <= 2) sendInput({ t: 'button', b: BUTTONS[e.button], d: true });
    e.preventDefault();
  });
  screen.addEventListener('pointerup', (e) => {
    pointerAt(e);
    if (e.button >= 0 && e.button <= 2) sendInput({ t: 'button', b: BUTTONS[e.button], d: false });
  });
  screen.addEventListener('contextmenu', (e) => e.preventDefault());
  screen.addEventListener('wheel', (e) => {
    // Steps as a mouse wheel gives them: 100 CSS pixels, or 3 lines, a step.
    const per = e.deltaMode === 1 ? 3 : e.deltaMode === 2 ? 1 : 100;
    const clamp = (v) => Math.max(-100, Math.min(100, v));
    sendInput({ t: 'wheel', x: clamp(-e.deltaX / per), y: clamp(-e.deltaY / per) });
    e.preventDefault();
  }, { passive: false });
  // A scene or a cue list of the lecturer's computer, dropped on the page or
  // chosen in the browser's file chooser (the panel's Open, Ctrl+O: the
  // server asks for it), is loaded as the panel loads a file (its text is
  // sent: the server reads no file for it, and says in the lecture what it
  // loaded or why not). Dropped anywhere else, or on a viewer's page, a
  // file is not opened in place of the lecture.
  const MOST_FILE = 1024 * 1024;  // app/serve/wire.h's kMostUploadBytes
  // app/serve/wire.h's kMostUploadMessageBytes, less room for the "i"
  // sendInput adds: the server closes the socket of a longer message.
  const MOST_FILE_MESSAGE = 4 * MOST_FILE - 64;
  function sendFile(file) {
    if (role !== 'controller' || !file) return;
    if (file.size > MOST_FILE) {
      say(tr('%s is over 1 MiB: no scene or cue list is that large', file.name));
      return;
    }
    file.text().then((text) => {
      const message = { t: 'file', n: file.name, d: text };
      // Only a file that is no text (control characters escaped six
      // bytes each, bytes that are no UTF-8 three) grows this much.
      if (new TextEncoder().encode(JSON.stringify(message)).length > MOST_FILE_MESSAGE) {
        say(tr('%s is not a scene or cue list: it is not text', file.name));
        return;
      }
      sendInput(message);
    });
  }
  window.addEventListener('dragover', (e) => e.preventDefault());
  window.addEventListener('drop', (e) => {
    e.preventDefault();
    sendFile(e.dataTransfer && e.dataTransfer.files[0]);
  });
  // A browser opens its chooser only within a few seconds of the click or
  // key that asked (the server's answer comes well inside them).
  function chooseFile() {
    if (role !== 'controller') return;
    if (navigator.userActivation && !navigator.userActivation.isActive) {
      say(tr('press Ctrl+O again to choose a file'));
      return;
    }
    picker.value = '';
    picker.click();
  }
  picker.addEventListener('change', () => {
    sendFile(picker.files[0]);
    focusTyping();
  });
  // The lecturer's kernel editor (the server said it may send kernels:
  // 'cuda', or 'cpu' for C++ too). The kernel goes as its file's name (its
  // extension the language) and its text; the server compiles one at a
  // time, a newer one replacing one still waiting, and says what became of
  // each, shown under the editor as text (never as HTML).
  const editor = document.getElementById('editor');
  const kernelOpen = document.getElementById('kernel-open');
  const kernelName = document.getElementById('kernel-name');
  const kernelSource = document.getElementById('kernel-source');
  const kernelCompile = document.getElementById('kernel-compile');
  const kernelReport = document.getElementById('kernel-report');
  // app/serve/wire.h's kMostKernelMessageBytes, less room for the "i".
  const MOST_KERNEL_MESSAGE = 256 * 1024 - 64;
  let kernelsAllowed = 'none';
  let kernelSent = 0;  // the input number of the last kernel sent
  let kernelReported = null;  // the server's last word on it
  kernelOpen.textContent = tr('kernel editor');
  kernelCompile.textContent = tr('compile (Ctrl+Enter)');
  kernelSource.placeholder = tr('the kernel\u2019s source (kernels/class/heatlab_kernel.h\u2019s contract)');
  const KERNEL_STATES = {
    refused: tr('refused'), replaced: tr('replaced'), waiting: tr('waiting'),
    compiling: tr('compiling'), checked: tr('checked'), running: tr('running'),
    failed: tr('failed'), stopped: tr('stopped'), unavailable: tr('unavailable'),
  };
  function showKernelReport(m) {
    // A word on an older version than the last sent says only that.
    if (m.i !== kernelSent && m.state !== 'refused') return;
    kernelReported = { i: m.i, state: m.state, text: m.text };
    kernelReport.textContent = (KERNEL_STATES[m.state] || m.state) + '\n' + m.text;
    showState();
  }
  function compileKernel() {
    if (role !== 'controller' || kernelsAllowed === 'none') return;
    const message = { t: 'kernel', n: kernelName.value.trim(), d: kernelSource.value };
    if (new TextEncoder().encode(JSON.stringify(message)).length > MOST_KERNEL_MESSAGE) {
      kernelReport.textContent = tr('the kernel is over 256 KiB');
      return;
    }
    sendInput(message);
    kernelSent = message.i;
    kernelReport.textContent = tr('sent');
  }
  kernelOpen.addEventListener('click', () => {
    editor.hidden = false;
    kernelSource.focus();
  });
  document.getElementById('kernel-close').addEventListener('click', () => {
    editor.hidden = true;
    focusTyping();
  });
  kernelCompile.addEventListener('click', compileKernel);

  new ResizeObserver(() => { if (role === 'controller') sendSize(); }).observe(screen);
  // A query for the ratio now, asked again at each change (the browser
  // moved to another screen, or zoomed).
  (function watchRatio() {
    matchMedia('(resolution: ' + (window.devicePixelRatio || 1) + 'dppx)')
      .addEventListener('change', () => {
        if (role === 'controller') sendSize();
        watchRatio();
      }, { once: true });
  })();

  const wake = () => { lastActivity = performance.now(); state.classList.remove('quiet'); };
  for (const kind of ['pointermove', 'keydown']) window.addEventListener(kind, wake);
  setInterval(showState, 500);
  connect();
  screen.focus();
})();
