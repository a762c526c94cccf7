#pragma once
#include <string>

namespace stereocl {

// "stereocl-20260121-153012.png" for extension "png", in the working directory, never the
// name of an existing file: a second save in the same second gets "-2", and so on.
std::string timestamped_name(const std::string& extension);

}  // namespace stereocl
