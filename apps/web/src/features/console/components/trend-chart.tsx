import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// only what the console's charts use, so the chunk stays small
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface TrendSeries {
  name: string;
  kind: 'bar' | 'line';
  data: number[];
  /** bars sharing a stack sit on top of each other */
  stack?: string;
  /** the right-hand axis (a rate beside counts) */
  right?: boolean;
  /** a colour that says what it counts (failed in red) */
  color?: string;
}

/** A chart of days: bars and lines over the same dates, resized with its box. */
export function TrendChart({ days, series, testId }: { days: string[]; series: TrendSeries[]; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return undefined;
    const chart = echarts.init(box.current);
    const hasRight = series.some((s) => s.right);
    chart.setOption({
      animation: false,
      grid: { left: 40, right: hasRight ? 40 : 16, top: 36, bottom: 28 },
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      xAxis: { type: 'category', data: days.map((d) => d.slice(5)) },
      yAxis: hasRight
        ? [
            { type: 'value', minInterval: 1 },
            { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
          ]
        : { type: 'value', minInterval: 1 },
      series: series.map((s) => ({
        name: s.name,
        type: s.kind,
        data: s.data,
        stack: s.stack,
        yAxisIndex: s.right ? 1 : 0,
        smooth: s.kind === 'line',
        ...(s.color ? { itemStyle: { color: s.color }, lineStyle: { color: s.color } } : {}),
      })),
    });
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(box.current);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [days, series]);
  return <div ref={box} className="trend-chart" data-testid={testId} />;
}
