package dev.relearn.server.mcp;

import dev.relearn.server.text.ErrorQuotes;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;

/** Builds tool results: a text summary with structured content, or an error. */
final class ToolResults {
  private ToolResults() {}

  /** A successful result: {@code text} for people and models, {@code structured} for programs. */
  static CallToolResult ok(String text, Object structured) {
    return CallToolResult.builder().addTextContent(text).structuredContent(structured)
        .isError(false).build();
  }

  /** The text summary of {@code result}. */
  static String text(CallToolResult result) {
    return ((McpSchema.TextContent) result.content().get(0)).text();
  }

  /**
   * A tool error (not a protocol error): the caller sees {@code message}, cut as {@link
   * ErrorQuotes#message} cuts it, and may retry.
   */
  static CallToolResult error(String message) {
    return CallToolResult.builder().addTextContent(ErrorQuotes.message(message)).isError(true)
        .build();
  }
}
