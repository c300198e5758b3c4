import type { QaChartLoaded } from '../machines/qa-chart/qa-chart.machine';
import type { QaChartsLoaded } from '../machines/qa-charts/qa-charts.machine';
import { fetchQaReport } from '../services/qa-report.service';
import { chartStates, chartTransitions } from './chart-graph';
import { loadMachine, loadMachines, summarize } from './machine-catalog';
import { renderChart } from './render-chart';

/** What the studio's charts page loads: every chart's counts and the last test run. */
export async function loadCharts(): Promise<QaChartsLoaded> {
  const [machines, report] = await Promise.all([loadMachines(), fetchQaReport()]);
  return { charts: machines.map(summarize), report };
}

async function machineById(machineId: string) {
  const machine = await loadMachine(machineId);
  if (!machine) throw new Error(`There is no machine with the id "${machineId}" in src/machines.`);
  return machine;
}

/** What a chart page loads: the chart drawn (with XState's internals or not), its states and transitions, and its part of the last test run. */
export async function loadChart(machineId: string, internals: boolean): Promise<QaChartLoaded> {
  const machine = await machineById(machineId);
  const [svg, report] = await Promise.all([renderChart(machine, { internals }), fetchQaReport()]);
  return {
    svg,
    states: chartStates(machine),
    transitions: chartTransitions(machine),
    report: report?.machines[machineId] ?? null,
    recorded: report !== null,
  };
}

/** The chart drawn again, with XState's internals or without. */
export const drawChart = async (machineId: string, internals: boolean) => renderChart(await machineById(machineId), { internals });

const drawn = new Map<string, Promise<string | null>>();

/** A chart by machine id for the live views, drawn once per page. */
export function chartOf(machineId: string): Promise<string | null> {
  if (!drawn.has(machineId))
    drawn.set(
      machineId,
      loadMachine(machineId).then((m) => (m ? renderChart(m) : null)),
    );
  return drawn.get(machineId)!;
}
