#include <stddef.h>
#include <stdint.h>
#include "FuzzDriver.h"

extern int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
extern int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int setlist_fuzz_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
