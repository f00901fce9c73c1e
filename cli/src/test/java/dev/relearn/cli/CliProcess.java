package dev.relearn.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line that runs {@code relearn} as a real child process: this JVM's java, the
 * surefire JVM flags and the test class path, so a test can signal it or talk to it on stdio.
 */
public final class CliProcess {
  /** The JVM flags the launcher and surefire use. */
  public static final List<String> JVM_FLAGS =
      List.of("--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED");

  private CliProcess() {}

  /** The java binary of the running JVM. */
  public static String java() {
    return ProcessHandle.current().info().command()
        .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
  }

  /** The command line after the java binary: flags, class path, main class, arguments. */
  public static List<String> arguments(String... relearnArgs) {
    List<String> args = new ArrayList<>(JVM_FLAGS);
    args.add("-Xmx512m");
    args.add("-cp");
    args.add(System.getProperty("java.class.path"));
    args.add(RelearnCli.class.getName());
    args.addAll(List.of(relearnArgs));
    return args;
  }

  /** The whole command line: {@link #java()} and then {@link #arguments}. */
  public static List<String> command(String... relearnArgs) {
    List<String> command = new ArrayList<>(List.of(java()));
    command.addAll(arguments(relearnArgs));
    return command;
  }
}
