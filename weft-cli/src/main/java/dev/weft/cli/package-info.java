/**
 * The {@code weft} command line: {@code check} turns options into a {@link dev.weft.check.CheckRequest},
 * {@code replay} replays a schedule file; options and exit codes as the README lists them.
 *
 * <p>Where this front sits in the pipeline: docs/architecture.md.
 */
package dev.weft.cli;
