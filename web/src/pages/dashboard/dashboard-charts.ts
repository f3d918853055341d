import { bucketLabel, type DashboardSeries, type Granularity } from './dashboard-series.ts';

/** The ECharts options of the three charts; `format` shows a quota amount, `labels` the legends. */
export function chartOptions(
  series: DashboardSeries,
  granularity: Granularity,
  format: (quota: number) => string,
  labels: { calls: string },
) {
  const axis = { type: 'category', data: series.buckets.map((bucket) => bucketLabel(bucket, granularity)) };
  const grid = { left: 8, right: 8, top: 40, bottom: 8, containLabel: true };
  const legend = { type: 'scroll', top: 0 };
  return {
    quota: {
      tooltip: { trigger: 'axis', valueFormatter: (value: number) => format(value) },
      legend,
      grid,
      xAxis: axis,
      yAxis: { type: 'value', axisLabel: { formatter: (value: number) => format(value) } },
      series: series.models.map((model) => ({
        name: model,
        type: 'bar',
        stack: 'quota',
        data: series.quotaByModel[model],
      })),
    },
    calls: {
      tooltip: { trigger: 'axis' },
      grid,
      xAxis: axis,
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ name: labels.calls, type: 'line', smooth: true, areaStyle: {}, data: series.calls }],
    },
    share: {
      tooltip: { trigger: 'item', valueFormatter: (value: number) => format(value) },
      legend,
      series: [{ type: 'pie', radius: ['35%', '65%'], top: 30, data: series.share }],
    },
  };
}
