#pragma once
// What a layer below the app has to tell the user -- a fallback taken, a clean-up that failed, a
// driver's warning -- collected where it happens instead of printed there: the app decides where
// each line goes (stderr and the panel's notice line, docs/design.md "Failures"). Lines carry no
// "stereocl: " prefix. A line nobody took is printed to stderr when the Notices goes, so that
// nothing said during teardown is lost. Main thread only, like the GL and OpenCL calls that
// produce the lines.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace stereocl {

class Notices {
 public:
  Notices() = default;
  Notices(const Notices&) = delete;
  Notices& operator=(const Notices&) = delete;
  struct Line {
    std::string text;
    bool for_the_audience;  // a fallback or a failure the panel shows too; else a log line
  };

  // How a line nobody took reads on stderr. The app prints the lines it takes in the user's
  // terms (config/users_terms.hpp: a setting's table name as its flag).
  static void print(const Line& line) { std::fprintf(stderr, "stereocl: %s\n", line.text.c_str()); }

  ~Notices() {
    for (const Line& line : lines_) print(line);
  }

  // Something the user should know now: the app shows it on the panel as well.
  void say(std::string text) { lines_.push_back({std::move(text), true}); }
  // What happened, for the log only (stderr).
  void log(std::string text) { lines_.push_back({std::move(text), false}); }
  std::vector<Line> take() { return std::exchange(lines_, {}); }

 private:
  std::vector<Line> lines_;
};

}  // namespace stereocl
