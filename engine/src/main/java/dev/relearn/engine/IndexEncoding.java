package dev.relearn.engine;

import dev.relearn.engine.config.ConfigLoader;
import dev.relearn.engine.config.RelearnConfig;
import dev.relearn.lucene.schema.IndexMetadata;
import dev.relearn.lucene.schema.VectorEncoding;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Which vector encoding an engine writes: a new index gets {@code index.vectorEncoding}; an
 * existing one keeps its own (float32 if it recorded none), never half one, half the other, with
 * a warning when a setting asks for another.
 */
final class IndexEncoding {
  private static final System.Logger LOG = System.getLogger(IndexEncoding.class.getName());
  private static final String KEY = "index.vectorEncoding";

  private IndexEncoding() {}

  /** The encoding of the index in {@code folder}, built with {@code existing} (null if new). */
  static VectorEncoding choose(IndexMetadata existing, RelearnConfig config, Path folder)
      throws IOException {
    VectorEncoding configured = config.index().encoding();
    if (existing == null || existing.vectorEncoding() == configured) {
      return configured;
    }
    String source = ConfigLoader.settings(folder, System.getenv()).stream()
        .filter(setting -> setting.key().equals(KEY)).findFirst().orElseThrow().source();
    String warning = mismatch(existing.vectorEncoding(), configured, source, folder);
    if (warning != null) {
      LOG.log(System.Logger.Level.WARNING, warning);
    }
    return existing.vectorEncoding();
  }

  /** The warning when {@code source} asks another encoding than recorded; null for the default. */
  static String mismatch(VectorEncoding recorded, VectorEncoding configured, String source,
      Path folder) {
    if (recorded == configured || ConfigLoader.DEFAULT_SOURCE.equals(source)) {
      return null;
    }
    return "index " + folder + " holds " + recorded + " vectors, but " + KEY + " is " + configured
        + " (" + source + "); an index keeps the encoding it was built with, so this one stays "
        + recorded + ". To use " + configured + ", index into a new folder.";
  }
}
