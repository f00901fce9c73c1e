package dev.relearn.cli.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs {@code bin/lib/find-java.sh} (the launcher's JDK finder) against fake JDK folders, with a
 * controlled environment: no JAVA_HOME unless given, RELEARN_JVM_DIRS pointing at a temp folder and
 * a PATH without {@code java}.
 */
class FindJavaScriptTest {

  private static Path script;
  private static String bash;

  @TempDir Path tmp;

  @BeforeAll
  static void locate() {
    // Maven runs tests with the module folder as working directory; the repo root is its parent.
    Path cwd = Paths.get("").toAbsolutePath();
    Path root = Files.isDirectory(cwd.resolve("bin")) ? cwd : cwd.getParent();
    script = root.resolve("bin/lib/find-java.sh");
    assertTrue(Files.isRegularFile(script), "missing " + script);
    bash = findBash();
  }

  private static String findBash() {
    String path = System.getenv("PATH");
    if (path != null) {
      for (String dir : path.split(File.pathSeparator)) {
        Path candidate = Paths.get(dir, "bash");
        if (Files.isExecutable(candidate)) {
          return candidate.toString();
        }
      }
    }
    return "/bin/bash";
  }

  private record Result(int exit, String out, String err) {}

  /** Creates a fake JDK home with a release file and executable bin/java and bin/javac stubs. */
  private Path fakeJdk(Path parent, String name, String version) throws IOException {
    Path home = parent.resolve(name);
    Files.createDirectories(home.resolve("bin"));
    Files.writeString(
        home.resolve("release"),
        "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\nOS_NAME=\"Linux\"\n");
    for (String tool : new String[] {"java", "javac"}) {
      Path stub = home.resolve("bin").resolve(tool);
      // Never run for versions read from the release file; fails loudly if it is.
      Files.writeString(stub, "#!/bin/sh\necho 'stub " + tool + " should not run' >&2\nexit 3\n");
      Files.setPosixFilePermissions(stub, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    return home;
  }

  private Result run(Map<String, String> extraEnv) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(bash, script.toString());
    Map<String, String> env = pb.environment();
    env.clear();
    Path emptyBin = Files.createDirectories(tmp.resolve("empty-bin"));
    env.put("PATH", emptyBin.toString()); // no java on PATH
    env.put("HOME", tmp.resolve("home").toString());
    env.put("LC_ALL", "C");
    env.putAll(extraEnv);
    pb.directory(tmp.toFile());
    Process p = pb.start();
    p.getOutputStream().close();
    CompletableFuture<String> out = readAsync(p.getInputStream());
    CompletableFuture<String> err = readAsync(p.getErrorStream());
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "find-java.sh timed out");
    return new Result(p.exitValue(), out.get(), err.get());
  }

  private static CompletableFuture<String> readAsync(java.io.InputStream in) {
    return CompletableFuture.supplyAsync(
        () -> {
          try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
  }

  @Test
  void noSuitableJdkFailsAndExplainsWhereItLooked() throws Exception {
    Path jvms = Files.createDirectories(tmp.resolve("jvms"));
    Path jdk17 = fakeJdk(jvms, "jdk-17", "17.0.9");
    Path jdk11 = fakeJdk(jvms, "jdk-11", "11.0.21");

    Result r = run(Map.of("RELEARN_JVM_DIRS", jvms + "/*"));

    assertEquals(1, r.exit(), r.err());
    assertEquals("", r.out(), "nothing on stdout on failure");
    assertTrue(r.err().contains("JDK 21 or later"), r.err());
    assertTrue(r.err().contains(jdk17 + ": version 17 (too old)"), r.err());
    assertTrue(r.err().contains(jdk11 + ": version 11 (too old)"), r.err());
    assertTrue(r.err().contains("java on PATH: none"), r.err());
    assertTrue(r.err().contains("JAVA_HOME"), "explains the JAVA_HOME fix: " + r.err());
    assertTrue(r.err().contains("install"), "explains how to install one: " + r.err());
  }

  @Test
  void oldJava8StyleVersionIsReadAsEight() throws Exception {
    Path jvms = Files.createDirectories(tmp.resolve("jvms"));
    Path jdk8 = fakeJdk(jvms, "jdk1.8.0_412", "1.8.0_412");

    Result r = run(Map.of("RELEARN_JVM_DIRS", jvms + "/*"));

    assertEquals(1, r.exit(), r.err());
    assertTrue(r.err().contains(jdk8 + ": version 8 (too old)"), r.err());
  }

  @Test
  void jdk21IsChosen() throws Exception {
    Path jvms = Files.createDirectories(tmp.resolve("jvms"));
    fakeJdk(jvms, "jdk-17", "17.0.9");
    Path jdk21 = fakeJdk(jvms, "jdk-21", "21.0.2");
    Files.createDirectories(jvms.resolve("not-a-jdk"));

    Result r = run(Map.of("RELEARN_JVM_DIRS", jvms + "/*"));

    assertEquals(0, r.exit(), r.err());
    assertEquals(jdk21.toString(), r.out().strip());
  }

  @Test
  void highestVersionWinsAcrossSeveralFolders() throws Exception {
    Path a = Files.createDirectories(tmp.resolve("a"));
    Path b = Files.createDirectories(tmp.resolve("b with space"));
    fakeJdk(a, "jdk-21", "21.0.2");
    Path jdk25 = fakeJdk(b, "temurin 25", "25.0.1");
    fakeJdk(a, "jdk-22", "22");

    Result r = run(Map.of("RELEARN_JVM_DIRS", a + "/*:" + b + "/*:" + tmp + "/missing/*"));

    assertEquals(0, r.exit(), r.err());
    assertEquals(jdk25.toString(), r.out().strip());
  }

  @Test
  void tooOldJavaHomeIsPassedOverForANewerJdk() throws Exception {
    Path jvms = Files.createDirectories(tmp.resolve("jvms"));
    Path jdk17 = fakeJdk(tmp, "java-home-17", "17.0.9");
    Path jdk25 = fakeJdk(jvms, "jdk-25", "25.0.1");

    Result r =
        run(Map.of("JAVA_HOME", jdk17.toString(), "RELEARN_JVM_DIRS", jvms + "/*"));

    assertEquals(0, r.exit(), r.err());
    assertEquals(jdk25.toString(), r.out().strip());
    assertTrue(r.err().contains("JAVA_HOME=" + jdk17 + " is version 17 (too old)"), r.err());
  }

  @Test
  void suitableJavaHomeIsUsedAsIs() throws Exception {
    Path jvms = Files.createDirectories(tmp.resolve("jvms"));
    Path jdk21 = fakeJdk(tmp, "java-home-21", "21.0.2");
    fakeJdk(jvms, "jdk-25", "25.0.1");

    Result r =
        run(Map.of("JAVA_HOME", jdk21.toString(), "RELEARN_JVM_DIRS", jvms + "/*"));

    assertEquals(0, r.exit(), r.err());
    assertEquals(jdk21.toString(), r.out().strip());
  }

  @Test
  void versionFallsBackToJavaDashVersion() throws Exception {
    Path jvms = Files.createDirectories(tmp.resolve("jvms"));
    Path home = jvms.resolve("no-release-file");
    Files.createDirectories(home.resolve("bin"));
    for (String tool : new String[] {"java", "javac"}) {
      Path stub = home.resolve("bin").resolve(tool);
      Files.writeString(
          stub, "#!/bin/sh\necho 'openjdk version \"23.0.1\" 2024-10-15' >&2\nexit 0\n");
      Files.setPosixFilePermissions(stub, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    Result r = run(Map.of("RELEARN_JVM_DIRS", jvms + "/*"));

    assertEquals(0, r.exit(), r.err());
    assertEquals(home.toString(), r.out().strip());
  }
}
