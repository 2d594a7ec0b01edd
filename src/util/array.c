/* array.c: the growth policy behind array.h. */
#include "array.h"

#include <stdint.h>
#include <stdlib.h>

bool vc4_array_reserve_raw(void **data, size_t len, size_t *cap,
			   size_t extra, size_t elem_size)
{
	if (extra > SIZE_MAX / elem_size - len)
		return false;
	size_t need = len + extra;
	if (need <= *cap)
		return true;
	size_t new_cap = *cap ? *cap : 8;
	while (new_cap < need)
		new_cap = new_cap > SIZE_MAX / 2 ? need : new_cap * 2;
	if (new_cap > SIZE_MAX / elem_size)
		return false;
	void *p = realloc(*data, new_cap * elem_size);
	if (!p)
		return false;
	*data = p;
	*cap = new_cap;
	return true;
}
