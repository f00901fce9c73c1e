package dev.relearn.server.mcp;

import dev.relearn.server.text.Arguments;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.Set;

/** One MCP tool over the engine: its declaration and its call, given checked arguments. */
abstract class RelearnTool {
  /** The tool as {@code tools/list} shows it. */
  abstract McpSchema.Tool tool();

  /**
   * Runs the tool.
   *
   * @throws IllegalArgumentException for bad arguments
   */
  abstract CallToolResult call(Arguments args) throws IOException;

  /** The argument names the input schema declares. */
  final Set<String> argumentNames() {
    return new LinkedHashSet<>(tool().inputSchema().properties().keySet());
  }
}
