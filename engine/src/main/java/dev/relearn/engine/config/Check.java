package dev.relearn.engine.config;

import java.util.List;

/** The range checks of the configuration's compact constructors: an error names the key. */
final class Check {
  private Check() {}

  /** {@code value} of {@code key}, if in [min, max]. */
  static double in(String key, double value, double min, double max) {
    if (!(value >= min && value <= max)) {
      throw bad(key, "[" + plain(min), max, value);
    }
    return value;
  }

  /** {@code value} of {@code key}, if in (0, max]. */
  static double positive(String key, double value, double max) {
    if (!(value > 0 && value <= max)) {
      throw bad(key, "(0", max, value);
    }
    return value;
  }

  private static ConfigException bad(String key, String from, double max, double value) {
    return new ConfigException(List.of(key), key + " must be in " + from + ", " + plain(max)
        + "], got: " + plain(value));
  }

  /**
   * A number as people write it: {@code 5} rather than {@code 5.0}, and whole numbers up to 2^53
   * (the largest seed) in full rather than as {@code 9.007199254740991E15}.
   */
  static String plain(double value) {
    return value == Math.rint(value) && Math.abs(value) <= 0x1p53
        ? Long.toString((long) value) : Double.toString(value);
  }
}
