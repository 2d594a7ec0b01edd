/*
 * tools_test.h: what the tests of tests/tools share: the tools under test
 * (given as arguments), a temporary directory, and running a tool with its
 * exit status, stdout and stderr checked exactly. '@' in arguments and
 * expected texts stands for the temporary directory.
 */
#ifndef VC4_TESTS_TOOLS_TEST_H
#define VC4_TESTS_TOOLS_TEST_H

/* The tools (paths) the test runs, found by name. */
void tt_set_tools(int count, char **paths);

/* The tool's name: the last component of its path. */
const char *tt_name_of(const char *path);

/* Creates the temporary directory and runs `shell` (may be NULL) in it;
 * 0, or -1 on failure (a CMocka group setup). */
int tt_make_tmp(const char *shell);

/* Removes the temporary directory (a CMocka group teardown). */
int tt_remove_tmp(void);

/* Runs tool `name` with `args` and checks its exit status, stdout and
 * stderr exactly. */
void tt_expect(const char *name, const char *args, int status, const char *out,
	       const char *err);

/* Runs tool `name` with `args`: a usage error, exit 2, nothing on stdout,
 * `message` then the tool's usage (as --help prints it) on stderr. */
void tt_expect_usage(const char *name, const char *args, const char *message);

#endif
