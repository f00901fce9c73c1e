package dev.relearn.engine.config;

/**
 * A configuration that cannot be used: a corrupt file, an unknown key, a value of the wrong type
 * or out of its range. The message names the file or environment variable, the key and the value.
 */
public final class ConfigException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** An error with a message that names the source, the key and the value. */
  public ConfigException(String message) {
    super(message);
  }

  /** An error caused by {@code cause} (for example the JSON parser's). */
  public ConfigException(String message, Throwable cause) {
    super(message, cause);
  }
}
