// The service's logs and metrics go through the ports; a stack without telemetry (the local one, most
// tests) gets JSON lines on stderr, as the service always wrote them, and drops the metrics.
import type { Ports, Telemetry } from '../ports.js';

export const stderrTelemetry: Telemetry = {
  log(level, message, fields = {}) {
    console.error(JSON.stringify({ level, message, ...fields }));
  },
  metric() {},
};

export function telemetryOf(ports: Ports): Telemetry {
  return ports.telemetry ?? stderrTelemetry;
}
