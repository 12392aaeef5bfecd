#ifndef SETLIST_FUZZ_DRIVER_H
#define SETLIST_FUZZ_DRIVER_H

/// Runs libFuzzer on LLVMFuzzerTestOneInput, which the fuzz target defines. SwiftPM gives every
/// executable its own `main`, so the targets call this from theirs instead of using libFuzzer's.
int setlist_fuzz_main(int argc, char **argv);

#endif
