package dev.relearn.cli.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs {@code relearn_utf8_locale} from {@code bin/lib/common.sh} (called by {@code bin/relearn}
 * before it starts Java) and then a real JVM, to check the file-name encoding Java ends up with.
 */
class Utf8LocaleScriptTest {
  private static Path common;

  @BeforeAll
  static void locate() throws Exception {
    Path cwd = Paths.get("").toAbsolutePath();
    Path root = Files.isDirectory(cwd.resolve("bin")) ? cwd : cwd.getParent();
    common = root.resolve("bin/lib/common.sh");
    assertTrue(Files.isRegularFile(common), "missing " + common);
    String locales = run(Map.of("LC_ALL", "C"), "locale -a");
    assumeTrue(locales.lines().anyMatch(l -> l.matches("(?i)(C|en_US)\\.utf-?8")),
        "no UTF-8 locale installed: " + locales);
  }

  /** Runs {@code command} in bash with only PATH and {@code env} set, after the function. */
  private static String run(Map<String, String> env, String command) throws IOException,
      InterruptedException {
    ProcessBuilder pb = new ProcessBuilder("bash", "-c",
        "set -euo pipefail; . \"$0\"; relearn_utf8_locale; " + command, common.toString());
    pb.environment().clear();
    pb.environment().put("PATH", "/usr/local/bin:/usr/bin:/bin");
    pb.environment().putAll(env);
    pb.redirectErrorStream(true);
    Process p = pb.start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "timed out: " + command);
    assertEquals(0, p.exitValue(), out);
    return out;
  }

  private static String java() {
    return Paths.get(System.getProperty("java.home"), "bin", "java").toString();
  }

  @Test
  void underTheCLocaleJavaReadsFileNamesAsUtf8() throws Exception {
    String settings = run(Map.of("LC_ALL", "C"),
        "\"" + java() + "\" -XshowSettings:properties -version");
    assertTrue(settings.contains("sun.jnu.encoding = UTF-8"), settings);
  }

  @Test
  void withNoLocaleAtAllJavaReadsFileNamesAsUtf8() throws Exception {
    String settings = run(Map.of(), "\"" + java() + "\" -XshowSettings:properties -version");
    assertTrue(settings.contains("sun.jnu.encoding = UTF-8"), settings);
  }

  @Test
  void aUtf8LocaleIsLeftAsItIs() throws Exception {
    assertEquals("unset\n", run(Map.of("LANG", "C.UTF-8"), "echo \"${LC_ALL-unset}\""));
  }
}
