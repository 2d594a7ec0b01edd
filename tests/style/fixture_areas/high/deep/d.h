/* d.h: deep includes its parent high, which comes before it (fixture). */
#include "high/b.h"
#include "gen_header.h"
