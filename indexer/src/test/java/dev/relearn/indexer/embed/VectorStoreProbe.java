package dev.relearn.indexer.embed;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A child process that opens a vector store, prints {@code writable true} or {@code writable
 * false} (whether it got the file's lock, so whether no other process holds it), and keeps the
 * store open until its standard input ends: the tests' view of the lock from another process.
 */
public final class VectorStoreProbe implements AutoCloseable {
  private final Process process;
  private final boolean writable;

  private VectorStoreProbe(Process process, boolean writable) {
    this.process = process;
    this.writable = writable;
  }

  /** Arguments: the cache folder, the model id and the dimension. */
  public static void main(String[] args) throws IOException {
    try (VectorStore store = VectorStore.open(Path.of(args[0]), args[1],
        Integer.parseInt(args[2]))) {
      System.out.println("writable " + store.writable());
      System.out.flush();
      InputStream in = System.in;
      while (in.read() >= 0) {
        // held until the parent closes our input
      }
    }
  }

  /** Starts a probe of {@code dir}'s store of {@code modelId}, once it has the store open. */
  public static VectorStoreProbe start(Path dir, String modelId, int dimension)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command()
        .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(VectorStoreProbe.class.getName());
    command.add(dir.toString());
    command.add(modelId);
    command.add(String.valueOf(dimension));
    Process child = new ProcessBuilder(command)
        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String line = new BufferedReader(new InputStreamReader(child.getInputStream(),
        StandardCharsets.UTF_8)).readLine();
    if (line == null || !line.startsWith("writable ")) {
      child.destroyForcibly();
      throw new IllegalStateException("the probe said: " + line);
    }
    return new VectorStoreProbe(child, Boolean.parseBoolean(line.substring(9)));
  }

  /** Whether another process could take the lock of {@code dir}'s store right now. */
  public static boolean lockFreeForAnotherProcess(Path dir, String modelId, int dimension)
      throws IOException, InterruptedException {
    try (VectorStoreProbe probe = start(dir, modelId, dimension)) {
      return probe.writable();
    }
  }

  /** Whether the child got the lock. */
  public boolean writable() {
    return writable;
  }

  /** Lets the child close its store and waits for it to exit. */
  @Override
  public void close() throws IOException, InterruptedException {
    process.getOutputStream().close();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("the probe did not exit");
    }
  }
}
