package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM to a real {@code relearn serve} and {@code relearn mcp} while searches embed new
 * queries with the real model. Before, the JVM's shutdown ran ONNX Runtime's hook under an
 * embedding in flight and crashed (exit 134 and an {@code hs_err} file, about one run in six);
 * now the server stops in order and exits 143, and the index can be opened for writing again.
 * Also {@code relearn mcp}'s input ending, then SIGTERM, while the model loads: the JVM exited
 * under the stop and crashed (exit 134) in most runs.
 */
@Timeout(value = 900, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ServerSignalTest {
  private static final int RUNS = 3;

  @TempDir Path tmp;

  @Test
  void sigtermOrSighupDuringSearchesStopsServeInOrder() throws Exception {
    Path index = realModelIndex();
    HttpClient http = HttpClient.newHttpClient();
    for (int run = 0; run < RUNS; run++) {
      Process serve = start(index, "serve", "--port", "0");
      BufferedReader err = reader(serve.getErrorStream());
      String line = err.readLine();
      while (line != null && !line.contains(" at http://")) {
        line = err.readLine();
      }
      assertTrue(line != null, "serve said where it listens");
      URI search = URI.create(line.replaceAll(".* at (http://\\S+/).*", "$1") + "api/search");
      // drain the rest of stderr as it comes: a full pipe must not stall the server's exit
      StringBuffer rest = new StringBuffer();
      Thread drain = Thread.ofPlatform().daemon().start(() -> err.lines()
          .forEach(l -> rest.append(l).append('\n')));
      AtomicInteger answered = new AtomicInteger();
      AtomicBoolean stop = new AtomicBoolean();
      Thread load = Thread.ofPlatform().daemon().start(() -> {
        for (int q = 0; !stop.get(); q++) {
          HttpRequest request = HttpRequest.newBuilder(search)
              .POST(HttpRequest.BodyPublishers.ofString(
                  "{\"query\": \"tide crossings before noon " + q + "\"}")).build();
          try {
            http.send(request, HttpResponse.BodyHandlers.discarding());
            answered.incrementAndGet();
          } catch (IOException | InterruptedException stoppedServer) {
            return; // the server went away, as this test intends
          }
        }
      });
      awaitAnswers(answered, 3);
      boolean hangUp = run == RUNS - 1; // the last run: a closed terminal's SIGHUP
      if (hangUp) {
        assertEquals(0, new ProcessBuilder("kill", "-HUP", String.valueOf(serve.pid())).start()
            .waitFor());
      } else {
        serve.toHandle().destroy(); // SIGTERM, with searches in flight
      }
      boolean exited = serve.waitFor(60, TimeUnit.SECONDS);
      stop.set(true);
      load.join(10_000);
      drain.join(10_000);
      String said = rest.toString();
      assertTrue(exited, "serve did not exit within 60 s of the signal; it said:\n" + said);
      assertEquals(hangUp ? 129 : 143, serve.exitValue(), said);
      assertTrue(said.contains("relearn: stopped"), said);
      assertNoCrashReport();
    }
    assertIndexIsFree(index);
  }

  @Test
  void sigtermDuringSearchesStopsMcpInOrder() throws Exception {
    Path index = realModelIndex();
    for (int run = 0; run < RUNS; run++) {
      Process mcp = start(index, "mcp");
      OutputStream in = mcp.getOutputStream();
      send(in, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{"
          + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
          + "\"clientInfo\":{\"name\":\"signal-test\",\"version\":\"1\"}}}");
      BufferedReader out = reader(mcp.getInputStream());
      assertTrue(out.readLine().contains("\"id\":0"), "initialized");
      send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
      for (int q = 1; q <= 40; q++) { // more than it answers in the moment before the signal
        send(in, "{\"jsonrpc\":\"2.0\",\"id\":" + q + ",\"method\":\"tools/call\",\"params\":{"
            + "\"name\":\"search\",\"arguments\":{\"query\":\"tide crossings " + q + "\"}}}");
      }
      assertTrue(out.readLine().contains("\"result\""), "a search was answered");
      mcp.toHandle().destroy(); // SIGTERM, with searches in flight
      assertTrue(mcp.waitFor(60, TimeUnit.SECONDS));
      String err = new String(mcp.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertEquals(143, mcp.exitValue(), err);
      assertTrue(err.contains("relearn: stopped"), "it says so: " + err);
      assertNoCrashReport();
    }
    assertIndexIsFree(index);
  }

  @Test
  void endOfInputThenSigtermWhileTheModelLoadsStopsMcpInOrder() throws Exception {
    Path index = realModelIndex();
    // the signal at several moments of the load, which takes about a second after the notice
    for (int delayMillis = 200; delayMillis < 1100; delayMillis += 150) {
      Process mcp = start(index, "mcp");
      BufferedReader err = reader(mcp.getErrorStream());
      String line = err.readLine();
      while (line != null && !line.contains("MCP server on stdio")) {
        line = err.readLine();
      }
      assertTrue(line != null, "mcp started");
      // as a host that goes away: its end of stdin closes, then SIGTERM, while the warm-up
      // loads the model; the JVM's exit used to run under that load and crash
      mcp.getOutputStream().close();
      Thread.sleep(delayMillis);
      mcp.toHandle().destroy();
      assertTrue(mcp.waitFor(60, TimeUnit.SECONDS));
      String rest = String.join("\n", err.lines().toList());
      assertTrue(mcp.exitValue() == 0 || mcp.exitValue() == 143,
          "SIGTERM " + delayMillis + " ms after the end of input: exit " + mcp.exitValue()
              + ": " + rest);
      assertNoCrashReport();
    }
    assertIndexIsFree(index);
  }

  private Path realModelIndex() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    for (int i = 0; i < 20; i++) {
      Files.writeString(docs.resolve("note" + i + ".md"), "# Note " + i + "\nThe tide table for"
          + " harbour " + i + " lists " + (i * 7 % 23) + " crossings before noon.\n");
    }
    Path index = tmp.resolve("index");
    CliTest.Result built = CliTest.run("index", "--index", index.toString(), "--model",
        "bge-small", docs.toString());
    assertEquals(0, built.code(), built.err());
    return index;
  }

  /**
   * Starts relearn {@code command} with SIGHUP's default disposition: a test runner started under
   * {@code nohup} passes SIGHUP on ignored, and relearn rightly leaves an ignored SIGHUP ignored
   * ({@code env} execs the JVM, so the pid is relearn's).
   */
  private Process start(Path index, String command, String... extra) throws IOException {
    List<String> args = Stream.concat(Stream.of(command, "--index", index.toString()),
        Stream.of(extra)).toList();
    List<String> line = new ArrayList<>(List.of("env", "--default-signal=HUP"));
    line.addAll(CliProcess.command(args.toArray(new String[0])));
    return new ProcessBuilder(line).directory(tmp.toFile()).start();
  }

  private static BufferedReader reader(InputStream stream) {
    return new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8));
  }

  private static void send(OutputStream in, String line) throws IOException {
    in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    in.flush();
  }

  private static void awaitAnswers(AtomicInteger answered, int count) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120); // a liveness bound
    while (answered.get() < count && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertTrue(answered.get() >= count, "the server answered " + answered.get() + " searches");
  }

  private void assertNoCrashReport() throws IOException {
    try (Stream<Path> files = Files.list(tmp)) {
      List<Path> reports = files.filter(f -> f.getFileName().toString().startsWith("hs_err"))
          .toList();
      assertTrue(reports.isEmpty(), "the JVM crashed: " + reports);
    }
  }

  private static void assertIndexIsFree(Path index) {
    CliTest.Result feedback = CliTest.run("stats", "--index", index.toString());
    assertEquals(0, feedback.code(), feedback.err());
    assertTrue(!feedback.err().contains("in use"), feedback.err());
  }
}
