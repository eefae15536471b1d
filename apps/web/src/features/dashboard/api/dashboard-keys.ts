/** Query keys of the dashboard's own data: the server's retained system status, heard over the broker. */
export const dashboardKeys = {
  systemStatus: ['system', 'status'] as const,
};
