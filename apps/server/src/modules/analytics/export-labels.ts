import type { AnalyticsExportTable, Locale, UtilisationState } from '@railserve/protocol';

type Labels = {
  sheets: Record<AnalyticsExportTable, string>;
  weekdays: readonly string[];
  states: Record<UtilisationState, string>;
  columns: {
    weekday: string;
    table: string;
    point: (point: number) => string;
    track: string;
    robot: string;
    sn: string;
    deliveries: string;
    aborted: string;
    meanDeliveryTime: string;
    utilisation: string;
    availability: string;
    openHours: string;
    distance: string;
    day: string;
    hour: string;
  };
};

/**
 * Headers and values of the analytics exports in the reader's language (the web's `analytics`
 * locale file words the same on screen).
 */
export const ANALYTICS_EXPORT_LABELS: Record<Locale, Labels> = {
  'zh-TW': {
    sheets: {
      heatMap: '各星期與時段的送餐次數',
      perTable: '各桌送餐次數',
      perRobot: '各機器人的狀態時間',
      availability: '可用率趨勢',
      perTrack: '軌道比較',
    },
    weekdays: ['週日', '週一', '週二', '週三', '週四', '週五', '週六'],
    states: { busy: '行駛或送餐', idle: '閒置', charging: '充電', sleep: '休眠', alarm: '警報', other: '其他' },
    columns: {
      weekday: '星期',
      table: '桌號',
      point: (point) => `點位 ${point}`,
      track: '軌道',
      robot: '機器人',
      sn: '序號',
      deliveries: '送餐次數',
      aborted: '中斷',
      meanDeliveryTime: '平均送餐時間',
      utilisation: '使用率',
      availability: '可用率',
      openHours: '營業時間',
      distance: '距離',
      day: '日期',
      hour: '時段',
    },
  },
  en: {
    sheets: {
      heatMap: 'Deliveries by hour and weekday',
      perTable: 'Deliveries per table',
      perRobot: 'Time in each state per robot',
      availability: 'Availability over time',
      perTrack: 'Tracks compared',
    },
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    states: { busy: 'Moving or serving', idle: 'Idle', charging: 'Charging', sleep: 'Sleep', alarm: 'Alarm', other: 'Other' },
    columns: {
      weekday: 'Weekday',
      table: 'Table',
      point: (point) => `Point ${point}`,
      track: 'Track',
      robot: 'Robot',
      sn: 'Serial number',
      deliveries: 'Deliveries',
      aborted: 'Aborted',
      meanDeliveryTime: 'Mean delivery time',
      utilisation: 'Utilisation',
      availability: 'Availability',
      openHours: 'Opening hours',
      distance: 'Distance',
      day: 'Day',
      hour: 'Hour',
    },
  },
};
