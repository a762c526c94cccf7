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
// A small heading between groups of controls.
void section_heading(const char* text);

}  // namespace stereocl
