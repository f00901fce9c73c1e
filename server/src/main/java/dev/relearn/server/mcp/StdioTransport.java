package dev.relearn.server.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.ProtocolVersions;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;

/**
 * The SDK's stdio transport announcing every protocol version the server speaks: the SDK's own
 * claims only {@code 2024-11-05} (java-sdk issue #751), which lacks output schemas and
 * structured results. A client's version is answered when listed, else the newest.
 */
final class StdioTransport extends StdioServerTransportProvider {
  /** The versions announced, oldest first (the last is the one offered to unknown proposals). */
  static final List<String> VERSIONS = List.of(ProtocolVersions.MCP_2024_11_05,
      ProtocolVersions.MCP_2025_03_26, ProtocolVersions.MCP_2025_06_18,
      ProtocolVersions.MCP_2025_11_25);

  StdioTransport(McpJsonMapper mapper, InputStream in, OutputStream out) {
    super(mapper, in, out);
  }

  @Override
  public List<String> protocolVersions() {
    return VERSIONS;
  }
}
