// The catalogue's texts of employees and clients (docs/product.md#messages).
// Pure data: messages.ts assembles the catalogue from these, in its order.

export const employeeMessages = {
  // Employees
  employeeAdded: 'Employee added successfully!',
  employeeUpdated: 'Employee updated successfully!',
  employeeDeleted: 'Employee deleted successfully!',
  failedFetchEmployees: 'Failed to fetch employees',
  failedAddEmployee: 'Failed to add employee',
  failedUpdateEmployee: 'Failed to update employee',
  failedDeleteEmployee: 'Failed to delete employee',
  errorFetchingEmployees: 'Error fetching employees',
  errorAddingEmployee: 'Error adding employee',
  errorUpdatingEmployee: 'Error updating employee',
  errorDeletingEmployee: 'Error deleting employee',
  confirmDeleteEmployee: 'Are you sure you want to delete this employee?',
} as const;

export const clientMessages = {
  // Clients
  clientAdded: 'Client added successfully!',
  clientUpdated: 'Client updated successfully!',
  clientDeleted: 'Client deleted successfully!',
  failedFetchClients: 'Failed to fetch clients',
  failedAddClient: 'Failed to add client',
  failedUpdateClient: 'Failed to update client',
  failedDeleteClient: 'Failed to delete client',
  errorFetchingClients: 'Error fetching clients',
  errorAddingClient: 'Error adding client',
  errorUpdatingClient: 'Error updating client',
  errorDeletingClient: 'Error deleting client',
  confirmDeleteClient: 'Are you sure you want to delete this client?',
} as const;
