#include "app/run_outputs.hpp"

#include "config/users_terms.hpp"
#include "app/picture_metadata.hpp"
#include "core/os/atomic_file.hpp"
#include "files/picture/image_file.hpp"
#include "core/os/stop_signals.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace stereocl {
namespace {

std::string histogram_csv(const Histogram256& bins) {
  std::string csv = "bin,count\n";
  for (std::size_t bin = 0; bin < bins.size(); ++bin) csv += std::to_string(bin) + ',' + std::to_string(bins[bin]) + '\n';
  return csv;
}

// Writes what --screenshot and --histogram asked for; returns the exit code.
int save_outputs(const Options& options, const Engine& engine) {
  std::vector<Status> written;
  if (!options.screenshot_file.empty())
    written.push_back(save_png(options.screenshot_file, engine.saved_image(),
                               picture_metadata(engine, engine.screen_dpi()), input_files(options)));
  if (!options.histogram_file.empty())
    written.push_back(
        write_atomically(options.histogram_file, histogram_csv(engine.last_histogram()), input_files(options)));
  int code = 0;
  for (const Status& output : written) {
    if (output) continue;
    say_on_stderr(output.error());
    code = 1;
  }
  return code;
}

}  // namespace

int end_run(const Options& options, const Engine& engine, const Status& window_shot, Recording& recording,
            const Soak& soak) {
  if (!window_shot) say_on_stderr(window_shot.error());
  const int code = std::max({save_outputs(options, engine), window_shot ? 0 : 1, recording.finish(), soak.finish()});
  if (const int signal_number = stop_signals::received()) {
    std::fprintf(stderr, "stereocl: stopped by %s%s\n", stop_signals::name(signal_number).c_str(),
                 code == 0 ? "; every output was written" : "");
    return 128 + signal_number;  // what a shell expects of a run a signal ended
  }
  return code;
}

}  // namespace stereocl
