import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useThemeMode } from '../../shell/theme.tsx';

// Only the parts the dashboard draws, so the chunk stays small.
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export type ChartOption = echarts.EChartsCoreOption;

/** One ECharts chart that follows the console's theme and its container's width. */
export function EChart({
  option,
  height = 320,
  testId,
}: {
  option: ChartOption;
  height?: number;
  testId?: string;
}) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const { mode } = useThemeMode();

  useEffect(() => {
    const dom = element.current!;
    const instance = echarts.init(dom, mode === 'dark' ? 'dark' : undefined);
    chart.current = instance;
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(dom);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [mode]);

  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, true);
  }, [option, mode]);

  return <div ref={element} data-testid={testId} style={{ width: '100%', height }} />;
}
