package dev.relearn.indexer.embed;

import ai.onnxruntime.OrtEnvironment;
import dev.relearn.lucene.files.OwnerOnly;
import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.jar.JarEntry;

/**
 * Where ONNX Runtime loads its native libraries from. Left to itself it copies them (28 MB) into
 * a new temporary folder at every start and leaves the folder behind: empty after a normal exit,
 * full after a kill. relearn copies them once into a per-user cache instead, {@code
 * $XDG_CACHE_HOME/relearn/onnxruntime/<CRCs>} ({@code ~/.cache} by default), owner-only and moved
 * into place whole, and points ONNX Runtime there ({@value #PATH_PROPERTY}); ONNX Runtime then
 * deletes its empty temporary folder at once. An application that set the property keeps its
 * choice; where the libraries are not jar entries or cannot be cached, ONNX Runtime's own way
 * applies (logged).
 */
final class OnnxNatives {
  /** ONNX Runtime's system property: the folder to load its native libraries from. */
  static final String PATH_PROPERTY = "onnxruntime.native.path";
  private static final System.Logger LOG = System.getLogger(OnnxNatives.class.getName());
  private static boolean prepared; // guarded by the class

  private OnnxNatives() {}

  /** Points ONNX Runtime at the cached libraries, once per JVM, before its first use. */
  static synchronized void prepare() {
    if (prepared || System.getProperty(PATH_PROPERTY) != null) {
      return;
    }
    prepared = true;
    try {
      Path folder = cache(cacheRoot());
      if (folder != null) {
        System.setProperty(PATH_PROPERTY, folder.toString());
      }
    } catch (IOException | RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "cannot cache ONNX Runtime's native libraries;"
          + " it copies them to a temporary folder", e);
    }
  }

  /** {@code $XDG_CACHE_HOME/relearn/onnxruntime}, or {@code ~/.cache/relearn/onnxruntime}. */
  static Path cacheRoot() {
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base = xdg != null && Path.of(xdg).isAbsolute() ? Path.of(xdg)
        : Path.of(System.getProperty("user.home"), ".cache");
    return base.resolve("relearn").resolve("onnxruntime");
  }

  /**
   * The folder under {@code root} that holds this ONNX Runtime's libraries for this platform,
   * named by their CRCs and copied there if missing; null when they are not jar entries here.
   */
  static Path cache(Path root) throws IOException {
    String platform = platform();
    if (platform == null) {
      return null;
    }
    Map<String, JarURLConnection> libraries = new LinkedHashMap<>();
    StringBuilder key = new StringBuilder();
    for (String library : new String[] {"onnxruntime", "onnxruntime4j_jni"}) {
      String file = System.mapLibraryName(library).replace("jnilib", "dylib");
      URL url = OrtEnvironment.class.getResource("/ai/onnxruntime/native/" + platform + "/"
          + file);
      URLConnection connection = url == null ? null : url.openConnection();
      if (!(connection instanceof JarURLConnection jar)) {
        return null;
      }
      libraries.put(file, jar);
      key.append(key.isEmpty() ? "" : "-").append(Long.toHexString(jar.getJarEntry().getCrc()));
    }
    Path folder = OwnerOnly.createFolder(root.resolve(key.toString()));
    for (Map.Entry<String, JarURLConnection> library : libraries.entrySet()) {
      JarEntry entry = library.getValue().getJarEntry();
      Path target = folder.resolve(library.getKey());
      if (Files.isRegularFile(target) && Files.size(target) == entry.getSize()) {
        continue; // copied by an earlier start
      }
      Path copy = Files.createTempFile(folder, library.getKey(), ".tmp");
      try (InputStream in = library.getValue().getInputStream()) {
        Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
        Files.move(copy, target, StandardCopyOption.ATOMIC_MOVE,
            StandardCopyOption.REPLACE_EXISTING);
      } finally {
        Files.deleteIfExists(copy);
      }
    }
    return folder;
  }

  /** ONNX Runtime's name for this platform, such as {@code linux-x64}; null for another. */
  private static String platform() {
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
    String system = os.contains("linux") ? "linux" : os.contains("mac") ? "osx"
        : os.startsWith("windows") ? "win" : null;
    String cpu = arch.equals("amd64") || arch.equals("x86_64") ? "x64"
        : arch.equals("aarch64") ? "aarch64" : null;
    return system == null || cpu == null ? null : system + "-" + cpu;
  }
}
