package dev.relearn.server.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.relearn.engine.Relearn;
import dev.relearn.server.text.Arguments;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * relearn as an MCP server on stdio (the MCP Java SDK): the tools {@code search}, {@code
 * search_all}, {@code record_feedback} and {@code set_context} over one open engine. Tool errors
 * are results with {@code isError}, naming the bad value, never query text; a line the SDK could
 * not parse is answered with a JSON-RPC error ({@link RequestLineFilter}) and serving goes on.
 * {@link #serve} until the client closes the input, then {@link #close()} before closing the
 * engine, which stays the caller's. Thread-safe.
 */
public final class RelearnMcpServer implements AutoCloseable {
  private static final ObjectMapper ANSWERS = new ObjectMapper();
  /** How long {@link #close()} waits for the answers to requests already read. */
  static final int ANSWER_SECONDS = 3;

  /** The server name announced at initialization. */
  public static final String NAME = "relearn";
  /** What the server tells the client about using it. */
  static final String INSTRUCTIONS = "relearn searches the indexed documents and code and learns"
      + " from feedback. Use search first; if its list missed, use search_all. After using"
      + " results, call record_feedback with the chunk ids you used and the outcome. Call"
      + " set_context with a new id per task so that feedback is attributed to it.";

  private final Relearn relearn;
  private final Contexts contexts;
  private final Map<String, RelearnTool> tools = new LinkedHashMap<>(); // by name
  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private boolean closed;
  private volatile PendingRequests pending; // the serving's, once it serves

  /**
   * A server over {@code relearn}; feedback outside any set context has no session, so each
   * event is a session of its own (docs/RANKING.md): one long-lived agent is not one session over
   * its budget.
   */
  public RelearnMcpServer(Relearn relearn) {
    this(relearn, null);
  }

  /** A server whose default context records feedback under {@code defaultSessionId} (or none). */
  public RelearnMcpServer(Relearn relearn, String defaultSessionId) {
    this.relearn = Objects.requireNonNull(relearn, "relearn");
    this.contexts = new Contexts(defaultSessionId);
    for (RelearnTool tool : List.of(SearchTool.search(relearn, contexts),
        SearchTool.searchAll(relearn, contexts), new RecordFeedbackTool(relearn, contexts),
        new SetContextTool(contexts))) {
      tools.put(tool.tool().name(), tool);
    }
  }

  /** The tools as {@code tools/list} shows them. */
  public List<McpSchema.Tool> tools() {
    return tools.values().stream().map(RelearnTool::tool).toList();
  }

  /** Calls a tool as the protocol handler does: failures are error results, never thrown. */
  public CallToolResult call(String name, Map<String, Object> arguments) {
    RelearnTool tool = name == null ? null : tools.get(name);
    return tool != null ? call(tool, arguments)
        : RelearnTool.error(unknownTool(String.valueOf(name), tools.keySet()));
  }

  /** The error for a call of tool {@code name}, which is not one of {@code tools}. */
  static String unknownTool(String name, Collection<String> tools) {
    return "unknown tool: " + Arguments.quote(name) + "; expected one of "
        + String.join(", ", tools);
  }

  private CallToolResult call(RelearnTool tool, Map<String, Object> arguments) {
    lock.readLock().lock();
    try {
      if (closed) {
        return RelearnTool.error("the relearn MCP server is shutting down");
      }
      return tool.call(Arguments.of(arguments, tool.argumentNames()));
    } catch (IllegalArgumentException | IllegalStateException e) {
      String name = tool.tool().name();
      String message = String.valueOf(e.getMessage());
      return RelearnTool.error(message.startsWith(name + " ") ? message : name + ": " + message);
    } catch (IOException | RuntimeException e) {
      return RelearnTool.error(tool.tool().name() + " failed: " + e.getClass().getSimpleName()
          + ": " + e.getMessage());
    } finally {
      lock.readLock().unlock();
    }
  }

  /** Serves MCP (newline-delimited JSON-RPC) on {@code in}/{@code out} until {@code in} ends. */
  public void serve(InputStream in, OutputStream out, String version)
      throws InterruptedException {
    McpJsonMapper mapper = McpJsonDefaults.getMapper();
    CountDownLatch ended = new CountDownLatch(1);
    PendingRequests pending = new PendingRequests();
    this.pending = pending;
    WholeLineOutput lines = new WholeLineOutput(out, line -> countAnswer(line, pending));
    InputStream requests = new RequestLineFilter(new BufferedInputStream(in),
        new RequestCheck(mapper, tools.keySet()), lines, pending, RequestLineFilter.MAX_LINE_BYTES,
        ended::countDown); // after the last answers
    StdioTransport transport = new StdioTransport(mapper, requests, lines);
    List<SyncToolSpecification> specifications = tools.values().stream()
        .map(tool -> SyncToolSpecification.builder().tool(tool.tool())
            .callHandler((exchange, request) -> call(tool, request.arguments())).build())
        .toList();
    // Calls run one at a time on the transport's reader thread: the SDK's stdio transport drops
    // a response when two threads send at once (java-sdk issues #304 and #686), and one client
    // on stdio gains nothing from running its calls in parallel.
    McpSyncServer server = McpServer.sync(transport)
        .immediateExecution(true)
        .serverInfo(NAME, version)
        .jsonMapper(mapper)
        .instructions(INSTRUCTIONS)
        .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
        .tools(specifications)
        .build();
    try {
      ended.await();
    } finally {
      close();
      server.closeGracefully();
    }
  }

  /** Counts {@code line} as an answer when it is a response: an id with a result or an error. */
  private static void countAnswer(byte[] line, PendingRequests pending) {
    JsonNode message;
    try {
      message = ANSWERS.readTree(line);
    } catch (IOException notJson) {
      return; // no response, so nothing to count (the SDK writes only JSON)
    }
    if (message.hasNonNull("id") && (message.has("result") || message.has("error"))) {
      pending.answered();
    }
  }

  /**
   * Stops accepting calls (later ones get an error), waits for those in flight, then up to {@link
   * #ANSWER_SECONDS} until every request read is answered on the output: the SDK writes an answer
   * after its call returns, and a process halting on SIGTERM would drop it. The engine stays open.
   */
  @Override
  public void close() {
    lock.writeLock().lock();
    try {
      closed = true;
    } finally {
      lock.writeLock().unlock();
    }
    PendingRequests requests = pending;
    if (requests == null) {
      return;
    }
    try {
      if (!requests.awaitAnswered(ANSWER_SECONDS, TimeUnit.SECONDS)) {
        System.err.println("relearn: stopping with requests still unanswered after "
            + ANSWER_SECONDS + " s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // stopping regardless
    }
  }
}
