package dev.relearn.feedback.event;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.embed.VectorChecks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VectorProtectionTest {
  @TempDir Path dir;
  private final Random random = new Random(17);

  private float[] unit(int n) {
    float[] v = new float[n];
    for (int i = 0; i < n; i++) {
      v[i] = (float) random.nextGaussian();
    }
    return VectorChecks.normalize(v);
  }

  private static double dot(float[] a, float[] b) {
    double sum = 0;
    for (int i = 0; i < a.length; i++) {
      sum += a[i] * b[i];
    }
    return sum;
  }

  @Test
  void keepsSimilaritiesHidesCoordinatesAndIsStablePerInstall() throws Exception {
    VectorProtection protection = VectorProtection.open(dir, 64);
    float[] a = unit(64);
    float[] near = a.clone();
    near[0] += 0.3f;
    VectorChecks.normalize(near);
    float[] far = unit(64);
    float[] pa = protection.protect(a);
    VectorChecks.requireUnitVector(pa, 64, "protected");
    assertEquals(dot(a, near), dot(pa, protection.protect(near)), 0.02);
    assertEquals(dot(a, far), dot(pa, protection.protect(far)), 0.02);
    assertTrue(dot(a, pa) < 0.5, "the stored vector is not the query's: " + dot(a, pa));
    assertArrayEquals(pa, VectorProtection.open(dir, 64).protect(a), "same install, same secret");
    Path other = Files.createDirectories(dir.resolve("other"));
    assertFalse(Arrays.equals(pa, VectorProtection.open(other, 64).protect(a)));
    assertEquals("rw-------", PosixFilePermissions.toString(
        Files.getPosixFilePermissions(dir.resolve(VectorProtection.SECRET_FILE))));
  }

  @Test
  void rotationIsOrthonormal() {
    float[][] r = VectorProtection.rotation(5, 32);
    for (int i = 0; i < 32; i++) {
      for (int j = 0; j < 32; j++) {
        assertEquals(i == j ? 1.0 : 0.0, dot(r[i], r[j]), 1e-5, i + "," + j);
      }
    }
  }

  @Test
  void wrongSizeIsRejected() throws Exception {
    VectorProtection protection = VectorProtection.open(dir, 8);
    assertEquals("vector has 3 dimensions; the protection was made for 8", assertThrows(
        IllegalArgumentException.class, () -> protection.protect(new float[3])).getMessage());
  }
}
