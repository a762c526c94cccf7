#pragma once
#include "config/options.hpp"

namespace stereocl {

// A scene size the machine cannot hold is refused (InputError) before its window, textures and
// buffers exist, or a still's picture.
void refuse_unaffordable_size(const Options& options);

}  // namespace stereocl
