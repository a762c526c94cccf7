#include "config/presets.hpp"

#include "config/config_text.hpp"
#include "config/options.hpp"
#include "core/os/input_file.hpp"
#include "core/os/program_folder.hpp"
#include "core/os/unreadable_place.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <system_error>

#ifndef STEREOCL_SOURCE_PRESETS_DIR
#define STEREOCL_SOURCE_PRESETS_DIR ""
#endif

namespace stereocl {
namespace {

namespace fs = std::filesystem;

bool is_folder(const fs::path& path) {
  std::error_code error;
  return fs::is_directory(path, error);
}

// A preset's refusal is one line on the panel: parse_command_line's message without its
// "stereocl: " (the panel is stereocl's) and without anything after a first line break.
std::string one_line(std::string message) {
  const std::string program = "stereocl: ";
  if (message.starts_with(program)) message.erase(0, program.size());
  if (const auto end = message.find('\n'); end != std::string::npos) message.resize(end);
  return message;
}

}  // namespace

std::string default_presets_folder() {
  if (const std::optional<fs::path> folder = program_folder()) {
    const fs::path installed = *folder / ".." / "share" / "stereocl" / "presets";
    std::error_code error;
    if (is_folder(installed)) return fs::weakly_canonical(installed, error).string();
  }
  const fs::path source = STEREOCL_SOURCE_PRESETS_DIR;
  return !source.empty() && is_folder(source) ? source.string() : std::string();
}

std::vector<std::string> list_presets(const std::string& folder) {
  std::vector<std::string> files;
  std::error_code error;
  for (fs::directory_iterator entry(folder, error), end; !error && entry != end; entry.increment(error))
    if (entry->path().extension() == ".toml" && entry->is_regular_file(error)) files.push_back(entry->path().string());
  std::sort(files.begin(), files.end(),
            [](const std::string& a, const std::string& b) { return fs::path(a).filename() < fs::path(b).filename(); });
  return files;
}

std::string preset_name(const std::string& path) { return fs::path(path).stem().string(); }

std::string config_file_for(const std::string& given, const std::string& presets_folder) {
  std::error_code error;
  if (given.empty() || given.find('/') != std::string::npos || fs::exists(given, error)) return given;
  const std::string folder = presets_folder.empty() ? default_presets_folder() : presets_folder;
  if (folder.empty()) return given;
  const fs::path named = fs::path(folder) / (fs::path(given).extension() == ".toml" ? given : given + ".toml");
  return fs::is_regular_file(named, error) ? named.string() : given;
}

std::vector<std::string> stage_presets(const std::string& folder) {
  std::vector<std::string> files = list_presets(folder);
  std::erase_if(files, [](const std::string& file) {
    std::error_code error;
    if (fs::file_size(file, error) > kMaxConfigBytes || error) return false;  // refused, with the reason, when applied
    std::ifstream in(file);
    std::string line;
    for (int read = 0; read < 64 && std::getline(in, line); ++read) {  // near the top of any preset this skips
      std::erase_if(line, [](char c) { return c == ' ' || c == '\t' || c == '\r'; });
      if (line == "bench=true") return true;
    }
    return false;
  });
  return files;
}

PresetCycle::PresetCycle(const std::string& folder)
    : folder_(folder.empty() ? default_presets_folder() : folder) {
  if (!folder_.empty()) files_ = stage_presets(folder_);
}

void PresetCycle::start_from(const std::string& config_file) {
  const std::string name = preset_name(config_file);
  for (std::size_t i = 0; i < files_.size(); ++i)
    if (preset_name(files_[i]) == name) {
      index_ = static_cast<long long>(i);
      current_ = name;
    }
}

std::string PresetCycle::step(int direction) {
  if (folder_.empty()) return "No presets: no presets folder found (" + std::string(kInstalledPresetsHint) + "); give --presets DIR";
  if (const std::string unreadable = unreadable_place(folder_); files_.empty() && !unreadable.empty())
    return "No presets: " + unreadable;
  if (files_.empty()) return "No presets: " + folder_ + " has no .toml files";
  if (pending_.valid()) return "Still loading a preset; press again when it is shown";
  const auto count = static_cast<long long>(files_.size());
  index_ = index_ < 0 ? (direction > 0 ? 0 : count - 1) : ((index_ + direction) % count + count) % count;
  const std::string file = files_[static_cast<std::size_t>(index_)];
  const std::string name = preset_name(file);
  const std::string position = std::to_string(index_ + 1) + "/" + std::to_string(count);
  pending_ = std::async(std::launch::async, [file, name, position] {
    Loaded loaded{name, position, std::nullopt, {}, {}};
    auto parsed = parse_command_line({"--config", file});
    if (!parsed) {
      loaded.refusal = one_line(parsed.error());
      return loaded;
    }
    Options& look = *parsed;
    // The command line's "-" is stdin, read once at start; a preset read again would find it spent.
    if (look.depth_file == kStandardStream || look.pattern_file == kStandardStream) {
      loaded.refusal = "\"-\" is stdin, which only the command line reads (once); a preset names a file";
      return loaded;
    }
    auto images = load_look_images(look.pattern_file, look.depth_file);
    if (!images) {
      loaded.refusal = images.error();
      return loaded;
    }
    loaded.images = std::move(*images);
    loaded.look = std::move(look);
    return loaded;
  });
  return "Loading preset " + name + "...";
}

std::optional<std::string> PresetCycle::apply_finished(Engine& engine) {
  if (!pending_.valid() || pending_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return std::nullopt;
  return apply_when_finished(engine);
}

std::optional<std::string> PresetCycle::apply_when_finished(Engine& engine) {
  if (!pending_.valid()) return std::nullopt;
  Loaded loaded = pending_.get();
  if (!loaded.look) return "Preset " + loaded.name + " not applied: " + loaded.refusal;
  if (const Status used = engine.use_look(*loaded.look, loaded.images); !used)
    return "Preset " + loaded.name + " not applied: " + one_line(used.error());
  current_ = loaded.name;
  fullscreen_ = loaded.look->fullscreen;
  hides_panel_ = !loaded.look->stage.show_panel;
  return "Preset " + loaded.position + ": " + loaded.name;
}

}  // namespace stereocl
