package dev.relearn.feedback.event;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.SplittableRandom;

/**
 * Optional protection of stored query vectors (docs/PRIVACY.md): an orthogonal rotation derived
 * from a per-install secret (it keeps every dot product, while an inversion model of the public
 * encoder no longer applies), then int8 quantisation. Stored and lookup vectors must pass through
 * the same instance; deleting the secret file unlinks stored vectors from future queries.
 * Immutable, thread-safe.
 */
public final class VectorProtection {
  /** The secret file's name. */
  public static final String SECRET_FILE = "vector.secret";
  private static final int SECRET_BYTES = 32;

  private final float[][] rotation;

  private VectorProtection(float[][] rotation) {
    this.rotation = rotation;
  }

  /** Loads (or creates, owner-only) the secret in {@code dir} and derives the rotation. */
  public static VectorProtection open(Path dir, int dimension) throws IOException {
    if (dimension < 1 || dimension > 4096) {
      throw new IllegalArgumentException("dimension must be in [1, 4096], got: " + dimension);
    }
    Path file = dir.resolve(SECRET_FILE);
    byte[] secret = SecretFile.readOrCreate(file, SECRET_BYTES);
    return new VectorProtection(rotation(seed(secret), dimension));
  }

  private static long seed(byte[] secret) {
    try {
      return ByteBuffer.wrap(MessageDigest.getInstance("SHA-256").digest(secret)).getLong();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required by every JDK", e);
    }
  }

  /** A random orthonormal basis (Gram-Schmidt on Gaussian rows), fixed by the seed. */
  static float[][] rotation(long seed, int n) {
    SplittableRandom random = new SplittableRandom(seed);
    double[][] rows = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        rows[i][j] = gaussian(random);
      }
      for (int pass = 0; pass < 2; pass++) { // twice for numerical orthogonality
        for (int k = 0; k < i; k++) {
          double dot = 0;
          for (int j = 0; j < n; j++) {
            dot += rows[i][j] * rows[k][j];
          }
          for (int j = 0; j < n; j++) {
            rows[i][j] -= dot * rows[k][j];
          }
        }
      }
      double norm = 0;
      for (double v : rows[i]) {
        norm += v * v;
      }
      norm = Math.sqrt(norm);
      for (int j = 0; j < n; j++) {
        rows[i][j] /= norm;
      }
    }
    float[][] out = new float[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        out[i][j] = (float) rows[i][j];
      }
    }
    return out;
  }

  private static double gaussian(SplittableRandom random) {
    double u = 1.0 - random.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.nextDouble());
  }

  /** The protected form of a unit vector: rotated, quantised to int8 levels, unit again. */
  public float[] protect(float[] vector) {
    int n = rotation.length;
    if (vector.length != n) {
      throw new IllegalArgumentException("vector has " + vector.length + " dimensions; the"
          + " protection was made for " + n);
    }
    float[] rotated = new float[n];
    float maxAbs = 0;
    for (int i = 0; i < n; i++) {
      double sum = 0;
      for (int j = 0; j < n; j++) {
        sum += rotation[i][j] * vector[j];
      }
      rotated[i] = (float) sum;
      maxAbs = Math.max(maxAbs, Math.abs(rotated[i]));
    }
    double norm = 0;
    for (int i = 0; i < n; i++) {
      rotated[i] = maxAbs == 0 ? 0 : Math.round(rotated[i] / maxAbs * 127f) / 127f;
      norm += (double) rotated[i] * rotated[i];
    }
    if (norm == 0) {
      throw new IllegalArgumentException("cannot protect a zero vector");
    }
    float inv = (float) (1 / Math.sqrt(norm));
    for (int i = 0; i < n; i++) {
      rotated[i] *= inv;
    }
    return rotated;
  }
}
