package dev.relearn.server.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dashboard in a real browser: Debian's headless chromium, driven by playwright-core from
 * {@code src/test/browser/dashboard.test.mjs}, searches, clicks thumbs-up and sees the stats
 * change, then rates five more results and sees the weights' chart move; the trust chart says
 * "prior" and, from a faked answer, draws a fitted trust's refits. The screenshot is left
 * at {@code server/target/dashboard.png}. bin/test installs chromium and the npm packages;
 * without them this test fails and says so.
 */
class DashboardBrowserTest {
  private static final String SETUP = "run bin/test from the repository root: it installs"
      + " Debian's chromium (apt-get) and the browser test's npm packages (npm ci)";
  private static final long TIMEOUT_SECONDS = 600; // a liveness bound for a loaded machine

  @TempDir Path tmp;

  @Test
  void searchThumbsUpAndTheStatsChange() throws Exception {
    Path browserDir = browserDir();
    Path chromium = chromium();
    Path node = node();
    Path screenshot = Path.of("target", "dashboard.png").toAbsolutePath();
    Files.createDirectories(screenshot.getParent());
    Files.deleteIfExists(screenshot);
    try (TestServer server = TestServer.start(tmp)) {
      ProcessBuilder builder = new ProcessBuilder(node.toString(),
          browserDir.resolve("dashboard.test.mjs").toString(), server.server.uri().toString(),
          screenshot.toString()).directory(browserDir.toFile()).redirectErrorStream(true);
      builder.environment().put("RELEARN_CHROMIUM", chromium.toString());
      Process process = builder.start();
      CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> read(process));
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        fail("the browser test did not finish in " + TIMEOUT_SECONDS + " s:\n"
            + output.get(10, TimeUnit.SECONDS));
      }
      String log = output.get(10, TimeUnit.SECONDS);
      System.out.println(log.strip());
      assertEquals(0, process.exitValue(), "the browser test failed:\n" + log);
      // what the browser clicked reached the server: 1 + 3 thumbs up, 2 down (the script's)
      JsonNode stats = server.get("/api/feedback/stats").json();
      assertEquals(4, stats.get("ratings").get("positives").asLong(), stats.toString());
      assertEquals(2, stats.get("ratings").get("negatives").asLong(), stats.toString());
      assertEquals(6, stats.get("store").get("events").asLong(), stats.toString());
    }
    assertTrue(Files.size(screenshot) > 10_000, "screenshot too small: " + screenshot);
    byte[] magic = Arrays.copyOf(Files.readAllBytes(screenshot), 4);
    assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, magic, "not a PNG: " + screenshot);
    System.out.println("dashboard screenshot (test artefact): " + screenshot);
  }

  private static String read(Process process) {
    try (InputStream in = process.getInputStream()) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "(cannot read the browser test's output: " + e.getMessage() + ")";
    }
  }

  private static Path browserDir() {
    String configured = System.getenv("RELEARN_BROWSER_TEST_DIR");
    Path dir = configured != null ? Path.of(configured) : Path.of("src", "test", "browser");
    dir = dir.toAbsolutePath();
    if (!Files.isRegularFile(dir.resolve("dashboard.test.mjs"))) {
      fail("no dashboard.test.mjs in " + dir);
    }
    if (!Files.isDirectory(dir.resolve("node_modules").resolve("playwright-core"))) {
      fail("playwright-core is not installed in " + dir.resolve("node_modules") + ": " + SETUP);
    }
    return dir;
  }

  private static Path chromium() {
    String configured = System.getenv("RELEARN_CHROMIUM");
    Path chromium = Path.of(configured != null ? configured : "/usr/bin/chromium");
    if (!Files.isExecutable(chromium)) {
      fail("chromium not found at " + chromium
          + (configured != null ? " (RELEARN_CHROMIUM)" : "") + ": " + SETUP);
    }
    return chromium;
  }

  private static Path node() {
    for (String candidate : List.of("/usr/bin/node", "/usr/local/bin/node")) {
      if (Files.isExecutable(Path.of(candidate))) {
        return Path.of(candidate);
      }
    }
    String path = System.getenv().getOrDefault("PATH", "");
    for (String folder : path.split(java.io.File.pathSeparator)) {
      Path candidate = Path.of(folder, "node");
      if (!folder.isEmpty() && Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return fail("node (Node.js 20+) not found on PATH: " + SETUP);
  }
}
