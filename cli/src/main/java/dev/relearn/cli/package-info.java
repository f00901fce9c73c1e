/**
 * The {@code relearn} command line: picocli commands over the engine and the eval module, with no
 * search or learning logic of their own. {@link dev.relearn.cli.RelearnCli} is the entry point;
 * every command extends {@code CliCommand}. What belongs to a process rather than to the library
 * lives here: errors and exit codes ({@code Errors}), and signals ({@code SignalScope}: {@code
 * Interruption} for {@code index}, {@code StopSignals} for the {@code mcp} and {@code serve}
 * servers, a notice and a halt in {@code RelearnCli.main} for every other command), handled so
 * that the JVM's shutdown never frees ONNX Runtime under an embedding in flight; a handler's
 * notice is the last line on stderr ({@code LastWord}).
 */
package dev.relearn.cli;
