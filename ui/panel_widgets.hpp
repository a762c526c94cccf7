#pragma once
// Layout helpers that keep every widget of the panel whole at any --ui-scale and panel width:
// a widget goes beside the previous one only where it fits, and a labelled slider or combo
// leaves its label the room it needs. ImGui clips what does not fit, mid-word ("compute comp").
#include <imgui.h>

namespace stereocl {

// Widths of a widget about to be drawn, for same_line_if_fits().
float button_width(const char* label);
float checkbox_width(const char* label);  // a radio button is as wide
float text_width(const char* text);

// ImGui::SameLine() when a widget `width` wide still fits on the current line; otherwise the next
// widget starts a new line.
void same_line_if_fits(float width);

// Makes the next labelled widget (slider, combo, text field) as wide as the line leaves beside its
// label.
void width_leaving_label(const char* label);

void tooltip_when_hovered(const char* text);
void disabled_text_wrapped(const char* text);
void coloured_text_wrapped(const char* text, ImVec4 colour);
// `text` on what is left of the current line, cut at its end: a name that changes (a preset's)
// never wraps and moves what is below it.
void text_on_rest_of_line(const char* text);
// A slot `lines` lines tall whatever it holds: `first` then `second`, each wrapped, cut at the
// slot's end. What comes after the slot stays where it is when a notice comes or goes.
void notice_slot(const char* first, ImVec4 first_colour, const char* second, ImVec4 second_colour, int lines);
// A small heading between groups of controls.
void section_heading(const char* text);

}  // namespace stereocl
