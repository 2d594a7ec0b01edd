/* a.c: low reaches up into high once (fixture). */
#include <stdio.h>
#include "low/a.h"
#include "high/b.h"
