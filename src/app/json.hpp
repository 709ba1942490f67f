// The JavaScript API's answers are written with the core's JSON writer.
#pragma once

#include "core/json_writer.hpp"

namespace posenc::app {
using core::Json;
}  // namespace posenc::app
