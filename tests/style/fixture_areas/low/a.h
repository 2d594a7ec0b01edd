/* a.h: a header of low (fixture). */
