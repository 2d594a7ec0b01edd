/* b.h: high includes low and its own sub-area's header is not its (fixture). */
#include "low/a.h"
#include "high/deep/d.h"
