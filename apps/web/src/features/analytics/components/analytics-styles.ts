/**
 * The screen's own styles: the heat map, and a print stylesheet that makes one A4 page of the
 * current view. Rendered in a <style> element rather than imported as a CSS file, so the route
 * table (which the sign-in screen loads) names no stylesheet for this route.
 */
export const ANALYTICS_CSS = `
/* The heat map: a weekday column, then 24 hour cells. */
.analytics-heat-map {
  width: 100%;
  table-layout: fixed;
  border-spacing: 2px;
  font-size: 11px;
}
.analytics-heat-map th:first-child {
  width: 3.5em;
}
.analytics-heat-cell {
  height: 16px;
  border-radius: 2px;
}
.analytics-heat-hour {
  text-align: center;
  color: #8c8c8c;
}
.analytics-heat-day {
  color: #595959;
  white-space: nowrap;
}

/* One A4 page of the current view: no sidebar, header or controls; two charts a row, no breaks inside a panel. */
@media print {
  @page {
    size: A4 portrait;
    margin: 10mm;
  }
  /* \`body\` outweighs the component library's zero-specificity (:where) rules. */
  body .ant-layout-sider,
  body .ant-layout-header,
  body .ant-layout-footer,
  body .analytics-no-print,
  body .analytics-toolbar .ant-select-arrow {
    display: none;
  }
  .ant-layout-content {
    margin: 0;
    padding: 0;
  }
  .analytics-page {
    zoom: 0.62;
  }
  .analytics-page .ant-col-xl-12 {
    flex: 0 0 50%;
    max-width: 50%;
  }
  .analytics-page .ant-col-md-8 {
    flex: 0 0 16.66%;
    max-width: 16.66%;
  }
  .analytics-panel {
    break-inside: avoid;
  }
  .analytics-heat-cell {
    print-color-adjust: exact;
    -webkit-print-color-adjust: exact;
  }
}
`;
