#include "app/program_entry.hpp"

#include "app/printed_result.hpp"
#include "config/users_terms.hpp"
#include "core/input_error.hpp"
#include "core/os/test_hook.hpp"
#include "core/printable_text.hpp"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <new>
#include <optional>
#include <string>
#include <vector>

namespace stereocl {

ProgramStart start_program(int argc, char** argv) {
  ProgramStart start{.streams = hold_standard_descriptors(), .options = std::nullopt, .exit_code = 0};
  // Over a file size limit (ulimit -f) the write must fail with EFBIG, which the output code
  // reports, rather than the process dying of SIGXFSZ with the old file half replaced.
  std::signal(SIGXFSZ, SIG_IGN);
  const auto parsed = parse_command_line(std::vector<std::string>(argv + 1, argv + argc));
  if (!parsed) {
    const ExitRequest& exit = parsed.failure();
    if (exit.code != 0) {
      std::fprintf(stderr, "%s\n", printable_words(exit.message).c_str());
      start.exit_code = exit.code;
    } else if (start.streams.stdout_closed) {  // --help, --version
      start.exit_code = refuse_closed_stdout();
    } else {
      std::fprintf(stdout, "%s\n", exit.message.c_str());
      start.exit_code = with_stdout_written(0);
    }
    return start;
  }
  start.options = *parsed;
  if (std::optional<std::string> broken = test_hook("STEREOCL_BREAK_KERNELS")) start.options->break_kernels = *broken;
  return start;
}

int run_checked(const Options& options, const StandardStreams& streams, int (*run)(const Options&)) {
  if (streams.stdout_closed && prints_its_result(options)) return refuse_closed_stdout();
  try {
    return with_stdout_written(run(options));
  } catch (const InputError& error) {
    say_on_stderr(error.what());
    return 2;
  } catch (const std::bad_alloc&) {  // the budgets hold before allocating; this is the net under them
    std::fprintf(stderr, "stereocl: out of memory; a smaller --size or input needs less\n");
    return 1;
  } catch (const std::exception& error) {
    say_on_stderr(error.what());
    return 1;
  }
}

}  // namespace stereocl
