#include "app/options.hpp"

#include <CLI/CLI.hpp>

#include <charconv>

namespace stereocl {

std::variant<Size, std::string> parse_size(const std::string& text) {
  const auto x = text.find('x');
  Size size;
  const auto parse_int = [](std::string_view digits, int& value) {
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    return error == std::errc() && end == digits.data() + digits.size() && !digits.empty();
  };
  if (x == std::string::npos || !parse_int(std::string_view(text).substr(0, x), size.width) ||
      !parse_int(std::string_view(text).substr(x + 1), size.height))
    return "--size " + text + ": expected WIDTHxHEIGHT, e.g. 1280x720";
  if (size.width < 1 || size.height < 1 || size.width > kMaxImageSide || size.height > kMaxImageSide)
    return "--size " + text + ": each side must be 1.." + std::to_string(kMaxImageSide) + " pixels";
  return size;
}

std::variant<Options, ExitRequest> parse_command_line(const std::vector<std::string>& arguments) {
  Options options;
  CLI::App app{"stereocl: live autostereograms with OpenGL and OpenCL", "stereocl"};
  app.get_formatter()->column_width(34);

  std::string mode_text, size_text = "1280x720", effect_text = "none", border_text = "zero";
  std::string kernel_text = "fast";
  long long frames = -1;
  app.add_option("--mode", mode_text, mode_choices() + " (default: gpu, else the best that runs)");
  app.add_option("--size", size_text, "scene size WxH (default 1280x720); the stereogram is P pixels wider");
  app.add_option("--pattern-width", options.stereogram.pattern_width, "P: pattern repeat in pixels (default 85)");
  app.add_option("--max-offset", options.stereogram.max_offset, "M: depth shift in pixels, below P-1 (default 30)");
  app.add_option("--pattern", options.pattern_file, "tileable PNG to repeat; its width becomes P");
  app.add_flag("--colour-pattern", options.colour_pattern, "random colour dots instead of grey");
  app.add_option("--depth", options.depth_file, "grey PNG depth map (white = near) instead of the 3D scene");
  app.add_flag("--invert-depth", options.invert_depth, "black = near (swaps wall-eyed and cross-eyed viewing)");
  app.add_option("--seed", options.seed, "seed for the ball and the random pattern (default 1)");
  app.add_option("--frames", frames, "exit after N frames");
  app.add_option("--screenshot", options.screenshot_file, "after the last frame, save the final image (no UI) as PNG");
  app.add_option("--screenshot-window", options.screenshot_window_file, "after the last frame, save the window as shown");
  app.add_flag("--hidden", options.hidden, "no visible window");
  app.add_flag("--no-vsync", [&](std::int64_t) { options.vsync = false; }, "draw as fast as possible");
  app.add_flag("--no-panel", [&](std::int64_t) { options.show_panel = false; }, "start with the panel hidden");
  app.add_option("--cpu-threads", options.cpu_threads, "threads for CPU mode (default: all)");
  app.add_option("--effect", effect_text, effect_choices() + ", applied to the displayed image");
  app.add_option("--blur-radius", options.blur_radius, "box blur radius 1..32 (default 4)");
  app.add_option("--blur-border", border_text, "zero | clamp (default zero)");
  app.add_option("--histogram", options.histogram_file, "write the last frame's 256-bin histogram as CSV");
  app.add_option("--cl-device", options.cl_device, "OpenCL device: a substring of its platform or device name");
  app.add_flag("--list-devices", options.list_devices, "list OpenCL platforms and devices, then exit");
  app.add_option("--stereogram-kernel", kernel_text, "classic | fast (default fast)");
  app.add_flag("--bench", options.bench, "measure every mode that runs here, print a table, then exit");
  app.add_option("--json", options.json_file, "with --bench: also write the results as JSON");

  std::vector<std::string> reversed(arguments.rbegin(), arguments.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    return ExitRequest{0, app.help()};
  } catch (const CLI::ParseError& error) {
    return ExitRequest{2, std::string("stereocl: ") + error.what() + " (see --help)"};
  }

  const auto fail = [](std::string message) { return ExitRequest{2, "stereocl: " + std::move(message)}; };
  if (!mode_text.empty()) {
    const auto mode = parse_mode(mode_text);
    if (!mode) return fail("--mode " + mode_text + ": expected " + mode_choices());
    options.mode = *mode;
    options.mode_given = true;
  }
  const auto size = parse_size(size_text);
  if (const auto* reason = std::get_if<std::string>(&size)) return fail(*reason);
  options.size = std::get<Size>(size);
  if (options.pattern_file.empty()) {
    if (const Status valid = validate(options.stereogram); !valid) return fail(valid.error());
  }
  if (app.count("--frames")) {
    if (frames < 0) return fail("--frames " + std::to_string(frames) + ": must be 0 or more");
    options.frames = frames;
  }
  if (options.cpu_threads < 0 || options.cpu_threads > 1024)
    return fail("--cpu-threads " + std::to_string(options.cpu_threads) + ": must be 0 (all) to 1024");
  options.effect = find_effect(effect_text);
  if (!options.effect && effect_text != "none")
    return fail("--effect " + effect_text + ": expected " + effect_choices());
  if (options.blur_radius < 1 || options.blur_radius > 32)
    return fail("--blur-radius " + std::to_string(options.blur_radius) + ": must be 1..32");
  if (border_text != "zero" && border_text != "clamp")
    return fail("--blur-border " + border_text + ": expected zero or clamp");
  options.blur_clamp = border_text == "clamp";
  if (kernel_text != "classic" && kernel_text != "fast")
    return fail("--stereogram-kernel " + kernel_text + ": expected classic or fast");
  options.fast_stereogram_kernel = kernel_text == "fast";
  if (!options.json_file.empty() && !options.bench) return fail("--json goes with --bench");
  if (options.bench) {
    options.vsync = false;
    options.hidden = true;
    options.show_panel = false;  // nothing to see, and the panel's histogram would cost frame time
    if (!app.count("--size")) options.size = Size{1920, 1080};
    if (!options.frames) options.frames = 500;
  }
  return options;
}

}  // namespace stereocl
