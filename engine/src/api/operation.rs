//! The operations of DynamoDB's API that the engine serves, by name: what
//! an `X-Amz-Target` header names, what a front end sends, and what an
//! access pattern is bound to. A name is read once, where it enters
//! ([`Operation::parse`]); past that point the operation is this type, so
//! a misspelt name cannot travel.

use std::fmt;

/// What an operation does, as far as a front end needs to tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Creates, changes, describes or lists tables and account settings.
    Control,
    /// Reads items and changes none.
    Read,
    /// Changes items.
    Write,
    /// Runs PartiQL: a read or a write, by what the statement says.
    Statement,
}

macro_rules! operations {
    ($($name:ident => $kind:ident),+ $(,)?) => {
        /// One operation of DynamoDB's API.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Operation {
            $(
                #[doc = concat!("`", stringify!($name), "`.")]
                $name,
            )+
        }

        impl Operation {
            /// Every operation the engine serves.
            pub const ALL: &'static [Operation] = &[$(Operation::$name),+];

            /// Its name in DynamoDB's API: `PutItem`.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Operation::$name => stringify!($name),)+
                }
            }

            /// What it does.
            pub const fn kind(self) -> Kind {
                match self {
                    $(Operation::$name => Kind::$kind,)+
                }
            }
        }
    };
}

operations! {
    BatchGetItem => Read,
    BatchWriteItem => Write,
    CreateTable => Control,
    DescribeTable => Control,
    ListTables => Control,
    DeleteTable => Control,
    UpdateTable => Control,
    TagResource => Control,
    UntagResource => Control,
    ListTagsOfResource => Control,
    UpdateContinuousBackups => Control,
    DescribeContinuousBackups => Control,
    DescribeLimits => Control,
    DescribeEndpoints => Control,
    PutItem => Write,
    GetItem => Read,
    DeleteItem => Write,
    UpdateItem => Write,
    Query => Read,
    Scan => Read,
    TransactGetItems => Read,
    TransactWriteItems => Write,
    UpdateTimeToLive => Control,
    DescribeTimeToLive => Control,
    ExecuteStatement => Statement,
    BatchExecuteStatement => Statement,
    ExecuteTransaction => Statement,
}

/// The prefix of DynamoDB's `X-Amz-Target` header.
pub const TARGET_PREFIX: &str = "DynamoDB_20120810.";

impl Operation {
    /// The operation a name (with or without DynamoDB's target prefix)
    /// names, exactly as DynamoDB spells it; `None` for any other text.
    pub fn parse(name: &str) -> Option<Operation> {
        let name = name.strip_prefix(TARGET_PREFIX).unwrap_or(name);
        Operation::ALL.iter().copied().find(|o| o.name() == name)
    }

    /// True for the operations that change items: PutItem, UpdateItem,
    /// DeleteItem, BatchWriteItem and TransactWriteItems.
    pub const fn is_write(self) -> bool {
        matches!(self.kind(), Kind::Write)
    }

    /// True for the writes of one item by its key: PutItem, UpdateItem and
    /// DeleteItem.
    pub const fn is_single_write(self) -> bool {
        matches!(
            self,
            Operation::PutItem | Operation::UpdateItem | Operation::DeleteItem
        )
    }

    /// True for the operations on several items at once, whose requests
    /// name their tables inside (`RequestItems`, `TransactItems`).
    pub const fn is_multi_item(self) -> bool {
        matches!(
            self,
            Operation::BatchGetItem
                | Operation::BatchWriteItem
                | Operation::TransactGetItems
                | Operation::TransactWriteItems
        )
    }
}

impl fmt::Display for Operation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Operation {
    type Err = crate::error::Error;

    /// As [`Operation::parse`], with DynamoDB's answer to an unknown name.
    fn from_str(name: &str) -> Result<Operation, Self::Err> {
        Operation::parse(name).ok_or(crate::error::Error::UnknownOperation)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_reads_back_as_its_operation() {
        assert_eq!(Operation::ALL.len(), 27);
        for &operation in Operation::ALL {
            assert_eq!(Operation::parse(operation.name()), Some(operation));
        }
    }

    #[test]
    fn names_are_read_as_dynamodb_spells_them_with_or_without_the_target_prefix() {
        assert_eq!(Operation::parse("PutItem"), Some(Operation::PutItem));
        assert_eq!(
            Operation::parse("DynamoDB_20120810.Query"),
            Some(Operation::Query)
        );
        assert_eq!(Operation::parse("putitem"), None);
        assert_eq!(Operation::parse("PutItem "), None);
        assert_eq!(Operation::parse(""), None);
        assert_eq!(
            Operation::parse("DynamoDBStreams_20120810.GetRecords"),
            None
        );
    }

    #[test]
    fn the_writes_are_the_five_that_change_items() {
        let writes: Vec<&str> = Operation::ALL
            .iter()
            .filter(|o| o.is_write())
            .map(|o| o.name())
            .collect();
        assert_eq!(
            writes,
            [
                "BatchWriteItem",
                "PutItem",
                "DeleteItem",
                "UpdateItem",
                "TransactWriteItems"
            ]
        );
        assert!(Operation::PutItem.is_single_write());
        assert!(!Operation::BatchWriteItem.is_single_write());
        assert!(Operation::TransactGetItems.is_multi_item());
        assert!(!Operation::Query.is_multi_item());
        assert_eq!(Operation::ExecuteStatement.kind(), Kind::Statement);
        assert_eq!(Operation::DescribeLimits.kind(), Kind::Control);
    }
}
