/**
 * The {@code relearn} command line: picocli commands over the engine and the eval module, with no
 * logic of their own. {@link dev.relearn.cli.RelearnCli} is the entry point.
 */
package dev.relearn.cli;
