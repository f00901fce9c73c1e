package dev.relearn.server.mcp;

/**
 * Bad arguments to a tool: the tool answers with an error result carrying this message, which
 * names the argument and its bad value (never a query's text).
 */
public final class ToolInputException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** An error with a message for the caller. */
  public ToolInputException(String message) {
    super(message);
  }
}
