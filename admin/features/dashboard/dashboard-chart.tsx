/**
 * One ECharts chart, imported modularly (echarts/core with only the line and bar charts, the grid,
 * tooltip and legend, and the canvas renderer), so the console's dashboard chunk carries no more of
 * ECharts than it draws. The chart follows its box's size (ResizeObserver) and is disposed on unmount.
 */
import { useEffect, useRef } from 'react';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { init, use as installParts, type ComposeOption, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

installParts([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export type ChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

export function DashboardChart({ title, option, testId }: { title: string; option: ChartOption; testId: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = init(element, null, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <figure className="dash-chart" data-testid={testId}>
      <figcaption className="dash-chart__title">{title}</figcaption>
      <div className="dash-chart__canvas" ref={box} role="img" aria-label={title} />
    </figure>
  );
}
