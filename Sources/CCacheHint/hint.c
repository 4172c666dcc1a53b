// CCacheHint is a header of inline functions; this file makes it a C target.
#include "CCacheHint.h"
