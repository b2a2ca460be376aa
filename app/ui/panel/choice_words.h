#pragma once
// What the panel shows of a setting's value (a combo's choice, a pane's
// display path): its name as the command line and the files spell it
// ("via-host", "signed-log"), in the words' language. A name the list
// does not have (a kernel's, a backend's) is shown as it is: the bench's
// tables and the command line call a kernel by its name in every language.

namespace heatlab {

const char* choiceInWords(const char* name);

}  // namespace heatlab
