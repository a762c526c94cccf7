#pragma once
// A setting's plain control on the panel, drawn from its row of the settings table
// (config/settings_table.hpp): the row gives the kind (slider, checkbox, combo), the label, the
// range or words, the tooltip and the DemoSettings field it edits; the panel says where it goes.
#include "pipeline/demo_settings.hpp"
#include "config/setting.hpp"

namespace stereocl {

// Draws `row`'s control, editing `settings`. `unavailable`: why it cannot be changed here (disabled,
// with the reason as its tooltip); nullptr where it can.
void draw_setting(const Setting& row, DemoSettings& settings, const char* unavailable = nullptr);

}  // namespace stereocl
