/**
 * Input rules shared by the HTTP API and the MCP server: strict UTF-8 decoding of what clients
 * send ({@link dev.relearn.server.text.StrictUtf8}), the checks of a request's fields or a tool
 * call's arguments ({@link dev.relearn.server.text.Arguments}) and the cut of what an error quotes
 * from them ({@link dev.relearn.server.text.ErrorQuotes}).
 */
package dev.relearn.server.text;
