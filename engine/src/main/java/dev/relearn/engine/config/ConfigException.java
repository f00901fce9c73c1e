package dev.relearn.engine.config;

import java.util.List;

/** A configuration that cannot be used; the message names the source, the key and the value. */
public final class ConfigException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** The dotted keys of a value check, which {@link ConfigLoader} names the sources of. */
  private final List<String> keys;

  /** An error with {@code message}. */
  public ConfigException(String message) {

    this(message, null);
  }

  /** An error caused by {@code cause} (for example the JSON parser's). */
  public ConfigException(String message, Throwable cause) {
    super(message, cause);
    this.keys = List.of();
  }

  /** A value check's error about {@code keys}, whose source the loader adds. */
  ConfigException(List<String> keys, String message) {
    super(message);
    this.keys = List.copyOf(keys);
  }

  /** The keys a value check found wrong; empty for other errors. */
  List<String> keys() {
    return keys;
  }
}
