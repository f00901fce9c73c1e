package dev.relearn.eval.simulate;

import java.util.SplittableRandom;

/**
 * Independent, reproducible generators derived from one seed: each (stream, index) pair gets its
 * own generator, so session 17's clicks do not depend on how many draws session 16 made.
 */
public final class Seeds {
  private Seeds() {}

  /** The generator of item {@code index} of {@code stream} under {@code seed}. */
  public static SplittableRandom of(long seed, String stream, long index) {
    long h = mix(seed ^ 0x9E3779B97F4A7C15L);
    h = mix(h ^ stream.hashCode());
    h = mix(h ^ index);
    return new SplittableRandom(h);
  }

  /** Stafford's variant 13 of the 64-bit finaliser (as in SplitMix64). */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
