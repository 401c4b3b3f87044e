// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title IUniswapV2Router
/// @notice The part of a Uniswap-V2-compatible router (Uniswap V2, PancakeSwap) that Staking uses.
interface IUniswapV2Router {
    /// @notice Output amounts along `path` for an exact input.
    /// @param amountIn Exact input amount.
    /// @param path Token path (first is the input, last the output).
    /// @return amounts Amounts at every hop, `amounts[path.length - 1]` is the output.
    function getAmountsOut(uint256 amountIn, address[] calldata path)
        external
        view
        returns (uint256[] memory amounts);

    /// @notice Swaps an exact input along `path`, reverting when the output is below `amountOutMin`.
    /// @param amountIn Exact input amount (pulled from the caller).
    /// @param amountOutMin Minimum output.
    /// @param path Token path.
    /// @param to Recipient of the output.
    /// @param deadline Latest timestamp for the swap.
    /// @return amounts Amounts at every hop.
    function swapExactTokensForTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory amounts);
}
